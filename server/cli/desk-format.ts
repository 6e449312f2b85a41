import type { MintSigner } from '../api/desk/mint/mint-with-settings.js';
import type { DeskInspection } from '../api/desk/inspect/inspect.js';
import type { MintResult } from '../api/desk/mint/mint.js';
import type { DeskKey } from '../api/desk/schemas.js';

/** Human-readable CLI output. Scripts use `--json`; these are for eyes. */

const json = (v: unknown) => JSON.stringify(v);

function list(values: readonly string[] | null | undefined): string {
  return values && values.length > 0 ? values.join(' ') : '-';
}

export function formatMint(m: MintResult & { curl: string; signer?: MintSigner }, nowSeconds: number): string {
  const lines = [m.token, '', `header   ${json(m.header)}`, `claims   ${json(m.claims)}`];
  if (m.signer) lines.push(`signed   by ${m.signer.description}`);
  if (m.expires_at !== null) {
    const delta = m.expires_at - Math.floor(nowSeconds);
    lines.push(`expires  ${new Date(m.expires_at * 1000).toISOString()} (${delta >= 0 ? `in ${delta}s` : `${-delta}s ago`})`);
  } else {
    lines.push('expires  never (no exp claim)');
  }
  if (m.defect) lines.push(`defect   ${m.defect} (deliberately bad)`);
  lines.push('', m.curl);
  return `${lines.join('\n')}\n`;
}

export function formatInspection(i: DeskInspection): string {
  const verdict = i.status === 200 ? (i.outcome === 'excluded' ? 'allowed (excluded route)' : 'allowed') : i.status === 401 ? 'unauthenticated' : 'forbidden';
  const lines = [`${i.method} ${i.path} → ${i.status} ${verdict}${i.detail ? `: ${i.detail}` : ''}`];
  if (i.excluded_by) lines.push(`  excluded by   ${i.excluded_by}`);
  lines.push(
    `  mapping       ${i.matched ? `${i.matched.pattern} (${i.matched.source}) requires ${list(i.matched.scopes)}` : i.authorization_enabled ? 'none (any authenticated caller)' : 'authorization is off'}`,
  );
  if (i.missing_scopes.length > 0) lines.push(`  missing       ${list(i.missing_scopes)}`);
  const v = i.verification;
  const by = v.verified_by ? `${v.verified_by.source}${v.verified_by.index !== null ? `[${v.verified_by.index}]` : ''}${v.verified_by.kid ? ` kid ${v.verified_by.kid}` : ''}` : null;
  lines.push(`  key           ${!v.validate ? 'not checked (validate: false)' : v.verified ? `verified by ${by}` : `not verified: ${v.failure ?? i.decode_error ?? 'no token'}`}`);
  if (i.audience.checked) lines.push(`  audience      ${i.audience.ok ? 'ok' : 'wrong'} (expected ${list(i.audience.expected)}, got ${json(i.audience.actual)})`);
  if (i.state) {
    const s = i.state;
    lines.push(`  user_id       ${s.user_id ?? '-'}`, `  session_id    ${s.session_id ?? '-'}`, `  scopes        ${list(s.scopes)}`);
    // Once: when the audience was checked, the line above already shows what the token carries.
    if (!i.audience.checked) lines.push(`  audience      ${json(s.audience)}`);
    lines.push(`  resources     ${list(s.accessible_resource_ids)}`);
    if (Object.keys(s.dependencies).length > 0) lines.push(`  dependencies  ${json(s.dependencies)}`);
    if (Object.keys(s.session_state).length > 0) lines.push(`  session_state ${json(s.session_state)}`);
  }
  if (i.header) lines.push(`  header        ${json(i.header)}`);
  if (i.claims) lines.push(`  claims        ${json(i.claims)}`);
  if (v.attempts.length > 0) {
    lines.push('  key attempts:');
    for (const a of v.attempts) {
      lines.push(`    - ${a.source}${a.index !== null ? `[${a.index}]` : ''}${a.kid ? ` kid ${a.kid}` : ''}: ${a.outcome} — ${a.reason}`);
    }
  }
  for (const h of i.hints) lines.push(`  hint: ${h}`);
  for (const w of i.lint) lines.push(`  warning (${w.code}): ${w.message}`);
  return `${lines.join('\n')}\n`;
}

export function formatKeys(keys: readonly DeskKey[]): string {
  if (keys.length === 0) return 'no keys\n';
  const rows = [['KID', 'ALG', 'TRUSTED', 'SOURCE', 'PRIVATE', 'FINGERPRINT'], ...keys.map((k) => [k.kid, k.alg, k.trusted ? 'yes' : 'no', k.source, k.has_private ? 'yes' : 'no', k.fingerprint])];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  return `${rows.map((r) => r.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  ').trimEnd()).join('\n')}\n`;
}
