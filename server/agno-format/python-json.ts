/**
 * Python's `json.dumps` and `repr` output, reproduced for JSON values.
 *
 * Agno writes its session columns with `json.dumps` defaults and renders some inputs with
 * `json.dumps(d, indent=2)` or `str(list)`, so matching the reference byte for byte needs
 * Python's separators, `ensure_ascii` escapes and float formatting rather than
 * `JSON.stringify`'s.
 *
 * Known limits (JSON parsed in JS loses them): a float with an integral value such as `1.0`
 * is written `1`, and integer-like object keys come first (JS property order).
 */

export interface PythonJsonOptions {
  /** `indent=2` style: items on their own lines, separators `","` and `": "`. */
  indent?: number | undefined;
}

/**
 * `json.dumps(value)` (or `json.dumps(value, indent=n)`) with Python's defaults.
 *
 * @example
 * pythonJsonDumps({ a: [1, 'é'] }) // '{"a": [1, "\\u00e9"]}'
 */
export function pythonJsonDumps(value: unknown, options: PythonJsonOptions = {}): string {
  return dumpValue(value, options.indent, 0);
}

function dumpValue(value: unknown, indent: number | undefined, depth: number): string {
  if (value === null || value === undefined) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'number') return pythonNumber(value, 'json');
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return jsonQuote(value);
  if (Array.isArray(value)) {
    return container('[', ']', value.map((item) => dumpValue(item, indent, depth + 1)), indent, depth);
  }
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${jsonQuote(k)}: ${dumpValue(v, indent, depth + 1)}`);
    return container('{', '}', parts, indent, depth);
  }
  // Python's `default=str` fallback, for values JSON cannot hold.
  return jsonQuote(String(value));
}

function container(open: string, close: string, parts: string[], indent: number | undefined, depth: number): string {
  if (parts.length === 0) return open + close;
  if (indent === undefined) return open + parts.join(', ') + close;
  const inner = '\n' + ' '.repeat(indent * (depth + 1));
  const outer = '\n' + ' '.repeat(indent * depth);
  return open + inner + parts.join(',' + inner) + outer + close;
}

const JSON_SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/** A JSON string literal with `ensure_ascii=True`: everything outside `' '..'~'` as `\uXXXX`. */
function jsonQuote(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    const code = text.charCodeAt(i);
    const short = JSON_SHORT_ESCAPES[ch];
    if (short !== undefined) out += short;
    else if (code < 0x20 || code > 0x7e) out += '\\u' + code.toString(16).padStart(4, '0');
    else out += ch;
  }
  return out + '"';
}

/**
 * A number as Python prints it: integral values as ints, others as `repr(float)`
 * (shortest round-trip digits, exponent form below 1e-4 and from 1e16, two-digit exponents).
 */
export function pythonNumber(value: number, style: 'json' | 'repr' = 'repr'): string {
  if (Number.isNaN(value)) return style === 'json' ? 'NaN' : 'nan';
  if (!Number.isFinite(value)) {
    if (style === 'json') return value > 0 ? 'Infinity' : '-Infinity';
    return value > 0 ? 'inf' : '-inf';
  }
  if (Number.isInteger(value)) return BigInt(value).toString();
  return pythonFloatRepr(value);
}

/** `repr(x)` for a non-integral finite float. */
export function pythonFloatRepr(value: number): string {
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  // toExponential() without an argument yields the shortest digits that round-trip, like repr.
  const [mantissa = '', exponentText = '0'] = Math.abs(value).toExponential().split('e');
  const exponent = Number(exponentText);
  const digits = mantissa.replace('.', '');
  if (exponent < -4 || exponent >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = String(Math.abs(exponent)).padStart(2, '0');
    return `${sign}${m}e${exponent < 0 ? '-' : '+'}${e}`;
  }
  if (exponent >= 0) {
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    const fraction = digits.slice(exponent + 1) || '0';
    return `${sign}${whole}.${fraction}`;
  }
  return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
}

/**
 * `repr(value)` / `str(value)` of the Python object a JSON value decodes to (used where agno
 * renders a list with `str(list)`).
 *
 * @example
 * pythonRepr(['a', { b: null, c: true }]) // "['a', {'b': None, 'c': True}]"
 */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return pythonNumber(value, 'repr');
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return pythonStringRepr(value);
  if (Array.isArray(value)) return '[' + value.map(pythonRepr).join(', ') + ']';
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(
      ([k, v]) => `${pythonStringRepr(k)}: ${pythonRepr(v)}`,
    );
    return '{' + parts.join(', ') + '}';
  }
  return pythonStringRepr(String(value));
}

// Python's str.isprintable() is false for categories C* and Z* except the ASCII space.
const NOT_PRINTABLE = /[\p{C}\p{Z}]/u;

/** `repr(str)`: single quotes unless the text has `'` and no `"`; non-printables escaped. */
export function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (ch === quote || ch === '\\') out += '\\' + ch;
    else if (ch === '\t') out += '\\t';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === ' ' || (code < 0x7f && code >= 0x20)) out += ch;
    else if (NOT_PRINTABLE.test(ch)) {
      if (code < 0x100) out += '\\x' + code.toString(16).padStart(2, '0');
      else if (code < 0x10000) out += '\\u' + code.toString(16).padStart(4, '0');
      else out += '\\U' + code.toString(16).padStart(8, '0');
    } else out += ch;
  }
  return out + quote;
}
