/** Pure formatters for ids, durations, token counts and times. */

const nf = new Intl.NumberFormat('en-US');

/** `4251` → `"4,251"`; null/undefined → `"—"`. */
export function formatCount(n: number | null | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) ? nf.format(Math.round(n)) : '—';
}

/** `4251` → `"4.3k"`, `1_250_000` → `"1.25M"`, `950` → `"950"`. */
export function formatCompact(n: number | null | undefined): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '—';
  const abs = Math.abs(n);
  if (abs < 1000) return String(Math.round(n));
  if (abs < 10_000) return `${trim(n / 1000, 1)}k`;
  if (abs < 1_000_000) return `${Math.round(n / 1000)}k`;
  if (abs < 10_000_000) return `${trim(n / 1_000_000, 2)}M`;
  return `${trim(n / 1_000_000, 1)}M`;
}

function trim(n: number, digits: number): string {
  return n.toFixed(digits).replace(/\.?0+$/, '');
}

/**
 * Seconds (Agno's `metrics.duration`) → human text.
 * `0.0004` → `"<1 ms"`, `0.82` → `"820 ms"`, `16.49` → `"16.5 s"`, `125` → `"2m 05s"`, `3725` → `"1h 02m"`.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 0.001) return '<1 ms';
  if (seconds < 1) return `${Math.round(seconds * 1000)} ms`;
  if (seconds < 10) return `${trim(seconds, 2)} s`;
  if (seconds < 60) return `${trim(seconds, 1)} s`;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  return `${m}m ${String(s).padStart(2, '0')}s`;
}

/** USD cost: `0.01234` → `"$0.0123"`, `1.5` → `"$1.50"`. */
export function formatCost(cost: number | null | undefined): string {
  if (typeof cost !== 'number' || !Number.isFinite(cost)) return '—';
  if (cost === 0) return '$0';
  if (cost < 0.01) return `$${cost.toPrecision(3)}`;
  return `$${cost.toFixed(2)}`;
}

/** ISO string, epoch seconds or epoch ms → Date (null when unparseable). */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) {
    // Agno stores epoch seconds; anything past year 33658 in seconds is really milliseconds.
    return new Date(value > 1e12 ? value : value * 1000);
  }
  if (typeof value === 'string') {
    if (/^\d+(\.\d+)?$/.test(value)) return toDate(Number(value));
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

/** `"2026-04-04 10:29:41"` in local time. */
export function formatDateTime(value: unknown): string {
  const d = toDate(value);
  if (!d) return '—';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** `"10:29:41"` in local time. */
export function formatTime(value: unknown): string {
  const d = toDate(value);
  if (!d) return '—';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** `"just now"`, `"5s ago"`, `"3m ago"`, `"2h ago"`, `"4d ago"`, `"in 11h"`, else the date. */
export function formatRelative(value: unknown, nowMs = Date.now()): string {
  const d = toDate(value);
  if (!d) return '—';
  const diff = Math.round((nowMs - d.getTime()) / 1000);
  if (diff < -5) {
    const ahead = -diff;
    if (ahead < 60) return `in ${ahead}s`;
    if (ahead < 3600) return `in ${Math.floor(ahead / 60)}m`;
    if (ahead < 86400) return `in ${Math.floor(ahead / 3600)}h`;
    if (ahead < 86400 * 30) return `in ${Math.floor(ahead / 86400)}d`;
    return formatDateTime(d);
  }
  if (diff < 5) return 'just now';
  if (diff < 60) return `${diff}s ago`;
  if (diff < 3600) return `${Math.floor(diff / 60)}m ago`;
  if (diff < 86400) return `${Math.floor(diff / 3600)}h ago`;
  if (diff < 86400 * 30) return `${Math.floor(diff / 86400)}d ago`;
  return formatDateTime(d).slice(0, 10);
}

/**
 * A compact form of an id: uuid/hex-like ids keep their first `length` chars
 * (`"3f2a9c1e-…"` → `"3f2a9c1e"`); readable ids (`"demo-run-weather-1"`) stay whole up to 28
 * chars, then are cut with an ellipsis.
 */
export function shortId(id: string | null | undefined, length = 8): string {
  if (!id) return '—';
  if (/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}/i.test(id) || /^[0-9a-f]{16,}$/i.test(id)) return id.slice(0, length);
  return id.length > 28 ? `${id.slice(0, 26)}…` : id;
}

/** Collapses whitespace and truncates: a one-line preview. */
export function preview(text: unknown, max = 140): string {
  const s = typeof text === 'string' ? text : text === null || text === undefined ? '' : safeStringify(text);
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/** JSON.stringify that never throws (cycles → "[unserialisable]"). */
export function safeStringify(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, null, indent) ?? String(value);
  } catch {
    return '[unserialisable]';
  }
}

/** `"a", "b", "c"` → `"a, b and c"`. */
export function listText(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
