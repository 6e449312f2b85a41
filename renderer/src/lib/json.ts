/**
 * JSON text that is valid and dense: a value stays on one line when it fits in `width`
 * columns, otherwise its children go on their own lines (like Prettier's JSON output).
 *
 * @example
 * compactJson({ city: 'Lisbon', forecast: [{ day: 0, high: 20 }] })
 * // → '{ "city": "Lisbon", "forecast": [{ "day": 0, "high": 20 }] }'
 */
export function compactJson(value: unknown, width = 80, indent = 2): string {
  return format(value, 0, width, indent, new Set());
}

function inline(value: unknown, seen: Set<object>): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (seen.has(value)) return '"[circular]"';
  seen.add(value);
  try {
    if (Array.isArray(value)) return `[${value.map((v) => inline(v, seen)).join(', ')}]`;
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v, seen)}`).join(', ')} }`;
  } finally {
    seen.delete(value);
  }
}

function format(value: unknown, level: number, width: number, indent: number, seen: Set<object>): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const one = inline(value, seen);
  if (one.length + level * indent <= width) return one;
  if (seen.has(value)) return '"[circular]"';
  seen.add(value);
  try {
    const pad = ' '.repeat((level + 1) * indent);
    const end = ' '.repeat(level * indent);
    if (Array.isArray(value)) {
      if (value.length === 0) return '[]';
      return `[\n${value.map((v) => pad + format(v, level + 1, width, indent, seen)).join(',\n')}\n${end}]`;
    }
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${format(v, level + 1, width - k.length - 4, indent, seen)}`).join(',\n')}\n${end}}`;
  } finally {
    seen.delete(value);
  }
}
