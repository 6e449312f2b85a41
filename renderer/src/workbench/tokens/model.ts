import type { Algorithm, Defect, MatrixRow, MintRequest } from '../../api-types/desk-shapes';

/** Pure helpers for the token workshop (mint form, inspector paths, route matrix). */

export interface MintFormState {
  sub: string;
  scopes: string[];
  ttl: number;
  aud: string;
  iss: string;
  session_id: string;
  /** Extra claims as JSON text. */
  claims: string;
  scopes_claim: string;
  scopes_format: 'array' | 'string';
  /** kid of the local signing key; empty = the first trusted key for `alg`. */
  kid: string;
  alg: Algorithm;
  defect: Defect | '';
  /** Request path for the curl command and the preview; empty = the desk's demo run. */
  path: string;
}

export const TTL_CHOICES = [
  { label: '5 minutes', seconds: 300 },
  { label: '1 hour', seconds: 3600 },
  { label: '12 hours', seconds: 43200 },
  { label: '1 day', seconds: 86400 },
  { label: '30 days', seconds: 2592000 },
] as const;

export type ParsedClaims = { ok: true; value: Record<string, unknown> | undefined } | { ok: false; error: string };

/** Empty text is "no extra claims"; anything else must be a JSON object. */
export function parseClaimsJson(text: string): ParsedClaims {
  if (text.trim() === '') return { ok: true, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `not valid JSON: ${(err as Error).message}` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: 'must be a JSON object, e.g. {"org_id": "acme"}' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** The POST /desk/tokens body: empty fields are left out so the desk applies the settings' defaults. */
export function buildMintRequest(form: MintFormState, claims: Record<string, unknown> | undefined): MintRequest {
  const body: MintRequest = { scopes: [...form.scopes], ttl: form.ttl, alg: form.alg };
  if (form.sub.trim()) body.sub = form.sub.trim();
  if (form.aud.trim()) {
    const list = form.aud.split(/[\s,]+/).filter(Boolean);
    body.aud = list.length === 1 ? list[0] : list;
  }
  if (form.iss.trim()) body.iss = form.iss.trim();
  if (form.session_id.trim()) body.session_id = form.session_id.trim();
  if (claims && Object.keys(claims).length > 0) body.claims = claims;
  if (form.scopes_claim.trim()) body.scopes_claim = form.scopes_claim.trim();
  body.scopes_format = form.scopes_format;
  if (form.kid) body.key = form.kid;
  if (form.path.trim().startsWith('/')) body.path = form.path.trim();
  if (form.defect) body.defect = form.defect;
  return body;
}

/** A concrete path for a mapping pattern (`/sessions/*` → `/sessions/example`), for "inspect this route". */
export function examplePath(pattern: string): string {
  return pattern
    .replace(/\{[^}/]+\}/g, 'example')
    .replace(/\*+/g, 'example')
    .replace(/\?/g, 'x')
    .replace(/\[!?([^\]])[^\]]*\]/g, '$1');
}

/** A matrix row lets the token through (for every id, or only for some). */
export function isAllowed(r: Pick<MatrixRow, 'status'>): boolean {
  return r.status < 300;
}

export type MatrixFilter = 'all' | 'allowed' | 'denied';

export function filterMatrix(rows: readonly MatrixRow[], filter: MatrixFilter, text: string): MatrixRow[] {
  const t = text.trim().toLowerCase();
  return rows.filter((r) => {
    if (filter === 'allowed' && !isAllowed(r)) return false;
    if (filter === 'denied' && isAllowed(r)) return false;
    if (!t) return true;
    return (
      r.pattern.toLowerCase().includes(t) ||
      r.required_scopes.some((s) => s.toLowerCase().includes(t))
    );
  });
}

/** Splits `"GET /x"` typed into one box; a bare path defaults to GET. */
export function parseRequestLine(line: string): { method: string; path: string } {
  const m = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(line);
  if (m) return { method: (m[1] ?? 'GET').toUpperCase(), path: m[2] ?? '/' };
  return { method: 'GET', path: line.trim() || '/' };
}
