/**
 * The few Python formatting rules the platform's trace answers depend on, so a duration or a
 * search value reads exactly as the platform renders it (AgentOS formats with Python's `str`,
 * `repr` and `format`, not JavaScript's).
 */

/**
 * Python's `repr(float)`: the shortest round-tripping digits (as JavaScript), but always with a
 * `.0` on whole numbers and in exponent form below 1e-4 and from 1e16 (`1e-05`, `1e+16`).
 *
 * @example
 * pyFloatRepr(523) // '523.0'
 * pyFloatRepr(0.00001) // '1e-05'
 */
export function pyFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const [mantissa = '', exponentText = '0'] = value.toExponential().split('e');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    const sign = exponent < 0 ? '-' : '+';
    return `${mantissa}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  const text = String(value);
  return text.includes('.') ? text : `${text}.0`;
}

/**
 * Python's `f"{value:.2f}"`: correctly rounded, exact ties to even (JavaScript's `toFixed` sends
 * ties up: 1.125 → "1.13" where Python writes "1.12").
 */
export function pyFixed2(value: number): string {
  // An exact tie at two decimals is an odd number of eighths (x.125, x.375, …): the only .xx5
  // values a double holds exactly. Multiplying by 8 or 4 is exact, so the test is too.
  if (Number.isInteger(value * 8) && !Number.isInteger(value * 4)) {
    const floor = Math.floor(value * 100);
    const even = floor % 2 === 0 ? floor : floor + 1;
    const sign = even < 0 ? '-' : '';
    const abs = Math.abs(even);
    return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  }
  return value.toFixed(2);
}

/**
 * AgentOS's human-readable duration: `"<n>ms"` under a second (the stored number as Python prints
 * it — a REAL column written by SQLite's julianday arithmetic prints as `523.0`), else seconds
 * with two decimals.
 *
 * @example
 * formatDurationMs(523, 'integer') // '523ms'
 * formatDurationMs(30867.02, 'real') // '30.87s'
 */
export function formatDurationMs(durationMs: number | null, kind: 'integer' | 'real'): string {
  if (durationMs === null || durationMs < 1000) {
    if (!durationMs) return '0ms';
    return `${kind === 'real' ? pyFloatRepr(durationMs) : String(durationMs)}ms`;
  }
  return `${pyFixed2(durationMs / 1000)}s`;
}

/** Python's `str(value)` for the JSON scalars a filter value can be. */
export function pyStr(value: string | number | boolean): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  // JSON's `2.0` parses to the integer 2 here (Python would keep a float): whole numbers print as ints.
  return Number.isInteger(value) ? String(value) : pyFloatRepr(value);
}

/** Python truthiness of a decoded JSON value (`if value:`). */
export function pyTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}
