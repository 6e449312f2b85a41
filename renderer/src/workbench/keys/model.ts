import type { KeyInfo } from '../../api-types/desk-shapes';

/** rundesk holds the private half, so it can mint with this key. */
export function canSign(k: KeyInfo): boolean {
  return k.has_private;
}

/** A long fingerprint or origin cut to n characters. */
export function short(s: string, n = 16): string {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}
