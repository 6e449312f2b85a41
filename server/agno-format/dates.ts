/**
 * `created_at` as the reference service emits it: agno's `to_utc_datetime` followed by
 * pydantic v2's datetime serialisation, i.e. `2026-04-04T10:29:41Z` for whole seconds and
 * `2026-04-04T10:29:41.250000Z` (always six digits) otherwise.
 *
 * Unlike agno, ISO strings with an offset or none are normalised to UTC so the answer is
 * always a UTC date-time.
 */

const MICROS_PER_SECOND = 1_000_000n;
/** Python's datetime covers years 1..9999; outside that agno fails, we answer null. */
const MIN_MICROS = BigInt(new Date('0001-01-01T00:00:00Z').getTime()) * 1000n;
const MAX_MICROS = BigInt(new Date('9999-12-31T23:59:59Z').getTime()) * 1000n + 999_999n;

/**
 * @example
 * toIsoDateTime(1775298581) // '2026-04-04T10:29:41Z'
 * toIsoDateTime(1775298581.25) // '2026-04-04T10:29:41.250000Z'
 * toIsoDateTime('2026-04-04T12:29:41+02:00') // '2026-04-04T10:29:41Z'
 */
export function toIsoDateTime(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? formatMicros(epochSecondsToMicros(value)) : null;
  if (typeof value === 'string') {
    const micros = parseIsoToMicros(value);
    return micros === null ? null : formatMicros(micros);
  }
  return null;
}

/** `datetime.fromtimestamp(v, tz=utc)`: rounds to the microsecond, half to even. */
export function epochSecondsToMicros(seconds: number): bigint {
  const whole = Math.floor(seconds);
  const scaled = (seconds - whole) * 1e6;
  let micros = Math.floor(scaled);
  const rest = scaled - micros;
  if (rest > 0.5 || (rest === 0.5 && micros % 2 === 1)) micros += 1;
  return BigInt(whole) * MICROS_PER_SECOND + BigInt(micros);
}

function formatMicros(micros: bigint): string | null {
  if (micros < MIN_MICROS || micros > MAX_MICROS) return null;
  let seconds = micros / MICROS_PER_SECOND;
  if (seconds * MICROS_PER_SECOND > micros) seconds -= 1n; // floor for dates before 1970
  const sub = Number(micros - seconds * MICROS_PER_SECOND);
  const date = new Date(Number(seconds) * 1000);
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
  const base =
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  return sub === 0 ? `${base}Z` : `${base}.${pad(sub, 6)}Z`;
}

const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?)?(Z|z|[+-]\d{2}(?::?\d{2}(?::?\d{2})?)?)?$/;

/** The form Agno writes (`2026-04-06T09:00:00.260+00:00`, or `Z`), read by `parseIsoToMicrosNumber` without the general pattern. */
const AGNO_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

/**
 * `parseIsoToMicros` as a number (exact up to the year 2255), for reading thousands of span times
 * at once: Agno's own form is read with `Date.parse`, anything else as `parseIsoToMicros` reads it.
 */
export function parseIsoToMicrosNumber(text: string): number | null {
  const m = AGNO_ISO.exec(text);
  // Date.parse takes 24:00 for the next day's midnight, which fromisoformat refuses.
  if (m && Number(text.slice(11, 13)) < 24 && Number(text.slice(8, 10)) <= daysIn(Number(text.slice(0, 4)), Number(text.slice(5, 7)))) {
    const ms = Date.parse(`${text.slice(0, 19)}Z`);
    if (Number.isFinite(ms)) {
      let micros = ms * 1000 + Number((m[1] ?? '').slice(0, 6).padEnd(6, '0'));
      const zone = m[2]!;
      if (zone !== 'Z') {
        const offset = (Number(zone.slice(1, 3)) * 3600 + Number(zone.slice(4, 6)) * 60) * 1_000_000;
        if (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(4, 6)) > 59) return null;
        micros -= zone.startsWith('-') ? -offset : offset;
      }
      return micros;
    }
  }
  const exact = parseIsoToMicros(text);
  return exact === null ? null : Number(exact);
}

/** Days in a month (1–12) of the proleptic Gregorian calendar; 0 for no month (Date.parse rolls 04-31 over to 05-01). */
function daysIn(year: number, month: number): number {
  if (month < 1 || month > 12) return 0;
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The ISO 8601 forms Python's `fromisoformat` reads; naive times count as UTC. */
export function parseIsoToMicros(text: string): bigint | null {
  const m = ISO_PATTERN.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const [year, month, day] = [Number(y), Number(mo), Number(d)];
  const [hour, minute, second] = [Number(h), Number(mi), Number(s)];
  if (year < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC maps years 0..99 to the 1900s; setUTCFullYear restores the literal year.
  date.setUTCFullYear(year);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null; // e.g. 2026-02-30
  let micros = BigInt(date.getTime()) * 1000n + BigInt(frac.slice(0, 6).padEnd(6, '0'));
  if (zone !== undefined && zone !== 'Z' && zone !== 'z') {
    const sign = zone.startsWith('-') ? -1n : 1n;
    const digits = zone.slice(1).replace(/:/g, '');
    const part = (from: number): bigint => BigInt(Number(digits.slice(from, from + 2) || '0'));
    const [offH, offM, offS] = [part(0), part(2), part(4)];
    if (offH > 23n || offM > 59n || offS > 59n) return null;
    micros -= sign * ((offH * 3600n + offM * 60n + offS) * MICROS_PER_SECOND);
  }
  return micros;
}
