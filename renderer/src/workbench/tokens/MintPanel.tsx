import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { addToken, setCurrent } from '../../auth/acting-as';
import { Badge } from '../../components/Badge';
import { Callout } from '../../components/Callout';
import { ChipsInput } from '../../components/ChipsInput';
import { CopyButton } from '../../components/Copy';
import { Field } from '../../components/Field';
import { JsonView } from '../../components/JsonView';
import { Panel } from '../../components/Panel';
import { Segmented } from '../../components/Segmented';
import { StatusPill } from '../../components/StatusPill';
import { TokenText } from '../../components/TokenText';
import { Kbd, Spinner } from '../../components/ui';
import { onModKey } from '../../platform/keyboard';
import { describeError } from '../errors';
import { canSign } from '../keys/KeysPanel';
import { issuesOf } from '../../api/client';
import { ALGORITHMS, DEFECTS, isAlgorithm, type AuthSettings, type Defect, type MintResponse } from '../types';
import { buildMintRequest, parseClaimsJson, TTL_CHOICES, type MintFormState } from './model';
import { deskMutations, deskQueries } from '../../api';

const DEFECT_TEXT: Record<Defect, string> = {
  expired: 'Expired (exp in the past)',
  not_yet_valid: 'Not yet valid (nbf in the future)',
  wrong_audience: 'Wrong audience',
  untrusted_key: 'Signed by an untrusted key',
  none_alg: 'alg "none" (unsigned)',
  tampered: 'Tampered payload (adds the admin scope)',
};

const TEMPLATES: { label: string; patch: (admin: string) => Partial<MintFormState> }[] = [
  { label: 'Admin', patch: (admin) => ({ sub: 'admin', scopes: [admin] }) },
  { label: 'Reader', patch: () => ({ sub: 'alice', scopes: ['sessions:read', 'agents:read', 'teams:read', 'workflows:read'] }) },
  { label: 'Writer', patch: () => ({ sub: 'alice', scopes: ['sessions:read', 'sessions:write'] }) },
  { label: 'No scopes', patch: () => ({ scopes: [] }) },
];

export function initialMintForm(auth: AuthSettings | undefined): MintFormState {
  return {
    sub: 'alice',
    scopes: ['sessions:read'],
    ttl: 3600,
    aud: '',
    iss: '',
    session_id: '',
    claims: '',
    scopes_claim: auth?.scopes_claim ?? 'scopes',
    scopes_format: 'array',
    kid: '',
    alg: auth?.algorithm && isAlgorithm(auth.algorithm) ? auth.algorithm : 'RS256',
    defect: '',
    path: '',
  };
}

/** The mint form and its result (token, decoded parts, curl, act-as). */
export function MintPanel(props: {
  auth: AuthSettings | undefined;
  knownScopes: readonly string[];
  form: MintFormState;
  onForm: (f: MintFormState) => void;
  result: MintResponse | null;
  onResult: (r: MintResponse | null) => void;
  onInspect: (token: string) => void;
}) {
  const { form, onForm } = props;
  const keys = useQuery(deskQueries.keys());
  const mint = useMutation(deskMutations.mint());
  const id = useId();
  const claims = useMemo(() => parseClaimsJson(form.claims), [form.claims]);
  const signingKeys = (keys.data?.keys ?? []).filter(canSign);
  const keysForAlg = signingKeys.filter((k) => k.alg === form.alg);
  const serverIssues = mint.isError ? issuesOf((mint.error as { body?: unknown }).body) : [];
  const issueFor = (name: string) => serverIssues.filter((i) => i.path === name || i.path.startsWith(`${name}.`)).map((i) => i.message).join('; ') || undefined;
  const set = <K extends keyof MintFormState>(k: K, v: MintFormState[K]) => onForm({ ...form, [k]: v });

  const submit = () => {
    if (!claims.ok || mint.isPending) return;
    mint.mutate(buildMintRequest(form, claims.value), { onSuccess: (r) => props.onResult(r) });
  };

  return (
    <div className="wb-grid-2-wide">
      <Panel title="Mint a test token" subtitle="Signed by a local key; the auth layer verifies it like any other." testId="mint-panel">
        <form
          className="wb-stack wb-gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          onKeyDown={onModKey('enter', submit)}
          noValidate
        >
          <div className="wb-row">
            <span className="wb-small wb-muted">Start from</span>
            {TEMPLATES.map((t) => (
              <button key={t.label} type="button" className="wb-btn wb-btn-sm wb-btn-ghost" onClick={() => onForm({ ...form, ...t.patch(props.auth?.admin_scope ?? 'platform:admin') })}>
                {t.label}
              </button>
            ))}
          </div>
          <div className="wb-fields wb-fields-2">
            <Field name="sub" label="Subject" error={issueFor('sub')}>
              {({ id: fid, describedBy }) => (
                <input id={fid} className="wb-input wb-mono" value={form.sub} aria-describedby={describedBy} onChange={(e) => set('sub', e.target.value)} data-testid="mint-sub" autoComplete="off" />
              )}
            </Field>
            <Field name="session_id" label="Session id" error={issueFor('session_id')}>
              {({ id: fid }) => <input id={fid} className="wb-input wb-mono" value={form.session_id} placeholder="(none)" onChange={(e) => set('session_id', e.target.value)} autoComplete="off" />}
            </Field>
            <Field name="scopes" label="Scopes" wide error={issueFor('scopes')} help="Pick from the mapped routes' scopes or type your own; Enter adds.">
              {({ id: fid, describedBy }) => (
                <ChipsInput id={fid} describedBy={describedBy} value={form.scopes} onChange={(v) => set('scopes', v)} suggestions={props.knownScopes} placeholder="sessions:read" testId="mint-scopes" />
              )}
            </Field>
            <Field name="scopes_claim" label="Scopes claim" error={issueFor('scopes_claim')}>
              {({ id: fid }) => <input id={fid} className="wb-input wb-mono" value={form.scopes_claim} onChange={(e) => set('scopes_claim', e.target.value)} autoComplete="off" />}
            </Field>
            <Field name="scopes_format" label="Scopes style">
              {({ id: fid }) => (
                <Segmented
                  id={fid}
                  name={`${id}-fmt`}
                  value={form.scopes_format}
                  onChange={(v) => set('scopes_format', v)}
                  options={[
                    { value: 'array', label: 'List', title: '["a", "b"]' },
                    { value: 'string', label: 'Space-separated', title: '"a b" (OAuth scope)' },
                  ]}
                />
              )}
            </Field>
            <Field name="ttl" label="Expires in" error={issueFor('ttl')}>
              {({ id: fid }) => (
                <div className="wb-row wb-nowrap">
                  <select className="wb-select wb-w-auto" aria-label="Lifetime preset" value={TTL_CHOICES.some((c) => c.seconds === form.ttl) ? String(form.ttl) : 'custom'} onChange={(e) => e.target.value !== 'custom' && set('ttl', Number(e.target.value))}>
                    {TTL_CHOICES.map((c) => (
                      <option key={c.seconds} value={c.seconds}>
                        {c.label}
                      </option>
                    ))}
                    <option value="custom">custom</option>
                  </select>
                  <input id={fid} className="wb-input wb-mono wb-w-num" type="number" min={1} value={form.ttl} aria-label="Lifetime in seconds" onChange={(e) => set('ttl', Math.max(1, Number(e.target.value) || 1))} />
                  <span className="wb-small wb-muted">s</span>
                </div>
              )}
            </Field>
            <Field name="aud" label="Audience" error={issueFor('aud')} help="Empty: the settings' audience.">
              {({ id: fid }) => <input id={fid} className="wb-input wb-mono" value={form.aud} placeholder={audPlaceholder(props.auth)} onChange={(e) => set('aud', e.target.value)} autoComplete="off" data-testid="mint-aud" />}
            </Field>
            <Field name="iss" label="Issuer" error={issueFor('iss')}>
              {({ id: fid }) => <input id={fid} className="wb-input wb-mono" value={form.iss} placeholder="(default)" onChange={(e) => set('iss', e.target.value)} autoComplete="off" />}
            </Field>
            <Field name="alg" label="Algorithm" error={issueFor('alg')}>
              {({ id: fid }) => (
                <select id={fid} className="wb-select wb-mono" value={form.alg} onChange={(e) => isAlgorithm(e.target.value) && onForm({ ...form, alg: e.target.value, kid: '' })}>
                  {ALGORITHMS.map((a) => (
                    <option key={a} value={a}>
                      {a}
                      {a === props.auth?.algorithm ? ' (settings)' : ''}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field name="key" label="Signing key" error={issueFor('key') ?? issueFor('kid')} help={keysForAlg.length === 0 ? `No local ${form.alg} key: generate one in Settings.` : undefined}>
              {({ id: fid }) => (
                <select id={fid} className="wb-select wb-mono" value={form.kid} onChange={(e) => set('kid', e.target.value)} data-testid="mint-key">
                  <option value="">auto: first trusted {form.alg} key</option>
                  {keysForAlg.map((k) => (
                    <option key={k.kid} value={k.kid}>
                      {k.kid}
                      {k.trusted ? '' : ' (untrusted)'}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field name="claims" label="Extra claims (JSON)" wide error={claims.ok ? issueFor('claims') : claims.error} help="Merged last; may override generated claims.">
              {({ id: fid, describedBy, invalid }) => (
                <textarea
                  id={fid}
                  className="wb-textarea"
                  rows={3}
                  spellCheck={false}
                  placeholder={'{ "org_id": "acme", "roles": ["viewer"] }'}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  value={form.claims}
                  onChange={(e) => set('claims', e.target.value)}
                  data-testid="mint-claims"
                />
              )}
            </Field>
            <Field name="path" label="Request for curl" wide error={issueFor('path')} help="The curl command and the preview call this path. Empty: a demo run.">
              {({ id: fid }) => (
                <input id={fid} className="wb-input wb-mono" value={form.path} placeholder="/sessions/SESSION_ID/runs/RUN_ID" onChange={(e) => set('path', e.target.value)} autoComplete="off" spellCheck={false} />
              )}
            </Field>
            <Field name="defect" label="Make it a bad token" wide help="Each defect fails one check of the auth layer.">
              {({ id: fid }) => (
                <select id={fid} className="wb-select" value={form.defect} onChange={(e) => set('defect', e.target.value as Defect | '')} data-testid="mint-defect">
                  <option value="">No defect: a valid token</option>
                  {DEFECTS.map((d) => (
                    <option key={d} value={d}>
                      {DEFECT_TEXT[d]}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
          <div className="wb-row">
            <button type="submit" className="wb-btn wb-btn-primary" disabled={!claims.ok || mint.isPending} data-testid="mint-submit">
              {mint.isPending ? <Spinner /> : null} Mint token <Kbd>Ctrl ↵</Kbd>
            </button>
            {mint.isError ? (
              <span className="wb-field-error" data-testid="mint-error">
                {describeError(mint.error)}
              </span>
            ) : null}
          </div>
        </form>
      </Panel>
      <MintResult result={props.result} onInspect={props.onInspect} sub={form.sub} />
    </div>
  );
}

function audPlaceholder(auth: AuthSettings | undefined): string {
  const a = auth?.audience;
  if (Array.isArray(a)) return a[0] ?? '(default)';
  return a ?? '(the service id)';
}

function MintResult(props: { result: MintResponse | null; onInspect: (token: string) => void; sub: string }) {
  const [label, setLabel] = useState('');
  const [actingAs, setActingAs] = useState<string | null>(null);
  const r = props.result;
  if (!r) {
    return (
      <Panel title="Token" className="wb-sticky" subtitle="Minted tokens appear here with their header, claims and a curl command.">
        <div className="wb-empty">
          Fill in the form and press <Kbd>Ctrl ↵</Kbd>.
        </div>
      </Panel>
    );
  }
  const exp = r.expires_at;
  const defect = r.defect;
  return (
    <Panel
      title="Token"
      className="wb-sticky"
      testId="mint-result"
      subtitle={
        <>
          {r.alg} · kid <code>{r.kid ?? '—'}</code>
          {exp ? <> · expires {new Date(exp * 1000).toLocaleString()}</> : null}
        </>
      }
      actions={
        <>
          {defect ? <Badge tone="warn">defect: {defect}</Badge> : <Badge tone="ok">valid</Badge>}
          <CopyButton text={r.token} label="Copy token" small testId="copy-token" />
        </>
      }
    >
      <TokenText token={r.token} testId="minted-token" />
      <div className={`wb-preview wb-tone-${r.preview.status < 300 ? 'ok' : 'danger'}`} data-testid="mint-preview">
        <StatusPill status={r.preview.status} />
        <code>
          {r.preview.method} {r.preview.path}
        </code>
        <span className="wb-muted">{r.preview.detail ?? 'the auth layer lets this request through'}</span>
      </div>
      <div className="wb-row">
        <CopyButton text={r.curl} label="Copy as curl" testId="copy-curl" />
        <button type="button" className="wb-btn" onClick={() => props.onInspect(r.token)} data-testid="inspect-minted">
          Inspect →
        </button>
        <span className="wb-spacer" />
        <input className="wb-input wb-w-label" placeholder={`${props.sub || 'token'} (label)`} aria-label="Label for the acting-as list" value={label} onChange={(e) => setLabel(e.target.value)} />
        <button
          type="button"
          className="wb-btn wb-btn-primary"
          data-testid="act-as"
          onClick={() => {
            const entry = addToken({ label: label || defaultMintLabel(r), token: r.token, source: 'minted' });
            setCurrent(entry.id);
            setActingAs(entry.label);
          }}
        >
          Act as this token
        </button>
      </div>
      {actingAs ? (
        <Callout tone="ok" title={`Acting as “${actingAs}”`} testId="acting-as-confirm">
          The run browser now sends this token.
        </Callout>
      ) : null}
      <pre className="code wb-curl" data-testid="curl">{r.curl}</pre>
      <div className="wb-grid-2">
        <div className="wb-stack wb-gap-2">
          <h3 className="wb-h3">Header</h3>
          <JsonView value={r.header} />
        </div>
        <div className="wb-stack wb-gap-2">
          <h3 className="wb-h3">Claims</h3>
          <JsonView value={r.claims} testId="minted-claims" />
        </div>
      </div>
    </Panel>
  );
}

function defaultMintLabel(r: MintResponse): string {
  const sub = typeof r.claims.sub === 'string' ? r.claims.sub : 'token';
  return r.defect ? `${sub} · ${r.defect}` : `${sub} · minted`;
}
