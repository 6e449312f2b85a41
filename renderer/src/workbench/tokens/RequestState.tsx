import { Badge } from '../../components/Badge';
import type { RequestAuthState } from '../../api-types/desk-shapes';
import { ScopeChip } from '../../components/ScopeChip';
import metaFieldStyles from '../../components/MetaField.module.css';
import textStyles from '../../components/text.module.css';
import styles from './RequestState.module.css';
import { cx } from '../../lib/cx';

/** The request state (what the platform's JWT middleware sets) as a key/value list. */
export function StateTable({ state }: { state: RequestAuthState }) {
  const rows: [string, unknown][] = [
    ['authenticated', state.authenticated],
    ['user_id', state.user_id],
    ['session_id', state.session_id],
    ['scopes', state.scopes],
    ['audience', state.audience],
    ['authorization_enabled', state.authorization_enabled],
    ['dependencies', state.dependencies],
    ['session_state', state.session_state],
    ['accessible_resource_ids', state.accessible_resource_ids],
  ];
  if (state.is_admin !== undefined) rows.push(['is_admin', state.is_admin]);
  if (state.user_isolation !== undefined) rows.push(['user_isolation', state.user_isolation]);
  return (
    <dl className={cx(metaFieldStyles.kv, metaFieldStyles.kvCode)}>
      {rows.map(([k, v]) => (
        <FragmentKV key={k} k={k} v={v} />
      ))}
    </dl>
  );
}

function FragmentKV({ k, v }: { k: string; v: unknown }) {
  return (
    <>
      <dt>{k}</dt>
      <dd>{renderValue(v)}</dd>
    </>
  );
}

function renderValue(v: unknown) {
  if (v === null || v === undefined) return <span className={textStyles.subtle}>null</span>;
  if (typeof v === 'boolean') return <Badge tone={v ? 'ok' : 'muted'}>{String(v)}</Badge>;
  if (Array.isArray(v)) {
    if (v.length === 0) return <span className={textStyles.subtle}>[]</span>;
    return v.map((x, i) => (
      <ScopeChip key={i} scope={String(x)} />
    ));
  }
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.length === 0) return <span className={textStyles.subtle}>{'{}'}</span>;
    return <code className={styles.inlineJson}>{JSON.stringify(v)}</code>;
  }
  return <code>{String(v)}</code>;
}

/** iat, nbf and exp as local times, relative to now. */
export function ClaimTimes({ claims }: { claims: Record<string, unknown> | null }) {
  if (!claims) return null;
  const now = Date.now() / 1000;
  const times = (['iat', 'nbf', 'exp'] as const).filter((k) => typeof claims[k] === 'number');
  if (times.length === 0) return null;
  return (
    <dl className={cx(metaFieldStyles.kv, metaFieldStyles.kvCode, textStyles.small)}>
      {times.map((k) => {
        const t = claims[k] as number;
        const rel = relative(t - now);
        return (
          <FragmentKV key={k} k={k} v={`${new Date(t * 1000).toLocaleString()} (${rel})`} />
        );
      })}
    </dl>
  );
}

function relative(seconds: number): string {
  const abs = Math.abs(seconds);
  const unit = abs >= 86400 ? [86400, 'd'] : abs >= 3600 ? [3600, 'h'] : abs >= 60 ? [60, 'min'] : [1, 's'];
  const n = Math.round(abs / (unit[0] as number));
  return seconds >= 0 ? `in ${n} ${unit[1]}` : `${n} ${unit[1]} ago`;
}
