import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { ChipsInput } from '../../components/ChipsInput';
import { Field } from '../../components/Field';
import { Segmented } from '../../components/Segmented';
import { Kbd, Spinner } from '../../components/ui';
import { onModKey } from '../../platform/keyboard';
import { InlineError } from '../../components/InlineError';
import { describeError } from '../../api/describe-error';
import { errorTitle } from '../../components/ErrorPanel';
import { canSign } from '../keys/model';
import { issuesOf } from '../../api/client';
import { ALGORITHMS, DEFECTS, isAlgorithm, type AuthSettings, type Defect, type MintResponse } from '../../api-types/desk-shapes';
import { DEFECT_TEXT, TEMPLATES } from './mint-form';
import { MintResult } from './MintResult';
import { buildMintRequest, parseClaimsJson, TTL_CHOICES, type MintFormState } from './model';
import { deskMutations, deskQueries } from '../../api';
import { Card } from '../../components/Card';
import layoutStyles from '../../components/layout.module.css';
import textStyles from '../../components/text.module.css';
import fieldStyles from '../../components/Field.module.css';
import styles from './MintPanel.module.css';
import inputStyles from '../../components/Input.module.css';
import { cx } from '../../lib/cx';
import { Button } from '../../components/Button';
import { Input, Select, Textarea } from '../../components/Input';

/** The mint form and its result (token, decoded parts, curl, act-as). */
export function MintPanel(props: {
  auth: AuthSettings | undefined;
  knownScopes: readonly string[];
  form: MintFormState;
  onForm: (f: MintFormState) => void;
  result: MintResponse | null;
  onResult: (r: MintResponse | null) => void;
  /** The token and the request it was minted for (the preview's), for the Inspect tab. */
  onInspect: (token: string, request: { method: string; path: string }) => void;
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
    <div className={layoutStyles.grid2Wide}>
      <Card variant="panel" title="Mint a test token" subtitle="Signed by a local key; the auth layer verifies it like any other." testId="mint-panel">
        <form
          className={cx(layoutStyles.stack, layoutStyles.gap3)}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          onKeyDown={onModKey('enter', submit)}
          noValidate
        >
          <div className={layoutStyles.row}>
            <span className={cx(textStyles.small, textStyles.muted)}>Start from</span>
            {TEMPLATES.map((t) => (
              <Button variant="ghost" size="sm" key={t.label} onClick={() => onForm({ ...form, ...t.patch(props.auth?.admin_scope ?? 'platform:admin') })}>
                {t.label}
              </Button>
            ))}
          </div>
          <div className={cx(fieldStyles.fields, styles.fields2)}>
            <Field name="sub" label="Subject" error={issueFor('sub')}>
              {({ id: fid, describedBy }) => (
                <Input mono className={cx(fieldStyles.input, textStyles.mono)} id={fid} value={form.sub} aria-describedby={describedBy} onChange={(e) => set('sub', e.target.value)} data-testid="mint-sub" autoComplete="off" />
              )}
            </Field>
            <Field name="session_id" label="Session id" error={issueFor('session_id')}>
              {({ id: fid }) => <Input mono className={cx(fieldStyles.input, textStyles.mono)} id={fid} value={form.session_id} placeholder="(none)" onChange={(e) => set('session_id', e.target.value)} autoComplete="off" />}
            </Field>
            <Field name="scopes" label="Scopes" wide error={issueFor('scopes')} help="Pick from the mapped routes' scopes or type your own; Enter adds.">
              {({ id: fid, describedBy }) => (
                <ChipsInput id={fid} describedBy={describedBy} value={form.scopes} onChange={(v) => set('scopes', v)} suggestions={props.knownScopes} placeholder="sessions:read" testId="mint-scopes" />
              )}
            </Field>
            <Field name="scopes_claim" label="Scopes claim" error={issueFor('scopes_claim')}>
              {({ id: fid }) => <Input mono className={cx(fieldStyles.input, textStyles.mono)} id={fid} value={form.scopes_claim} onChange={(e) => set('scopes_claim', e.target.value)} autoComplete="off" />}
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
                <div className={cx(layoutStyles.row, layoutStyles.nowrap)}>
                  <Select className={cx(fieldStyles.select, layoutStyles.wAuto)} aria-label="Lifetime preset" value={TTL_CHOICES.some((c) => c.seconds === form.ttl) ? String(form.ttl) : 'custom'} onChange={(e) => e.target.value !== 'custom' && set('ttl', Number(e.target.value))}>
                    {TTL_CHOICES.map((c) => (
                      <option key={c.seconds} value={c.seconds}>
                        {c.label}
                      </option>
                    ))}
                    <option value="custom">custom</option>
                  </Select>
                  <Input mono className={cx(fieldStyles.input, textStyles.mono, layoutStyles.wNum)} id={fid} type="number" min={1} value={form.ttl} aria-label="Lifetime in seconds" onChange={(e) => set('ttl', Math.max(1, Number(e.target.value) || 1))} />
                  <span className={cx(textStyles.small, textStyles.muted)}>s</span>
                </div>
              )}
            </Field>
            <Field name="aud" label="Audience" error={issueFor('aud')} help="Empty: the settings' audience.">
              {({ id: fid }) => <Input mono className={cx(fieldStyles.input, textStyles.mono)} id={fid} value={form.aud} placeholder={audPlaceholder(props.auth)} onChange={(e) => set('aud', e.target.value)} autoComplete="off" data-testid="mint-aud" />}
            </Field>
            <Field name="iss" label="Issuer" error={issueFor('iss')}>
              {({ id: fid }) => <Input mono className={cx(fieldStyles.input, textStyles.mono)} id={fid} value={form.iss} placeholder="(default)" onChange={(e) => set('iss', e.target.value)} autoComplete="off" />}
            </Field>
            <Field name="alg" label="Algorithm" error={issueFor('alg')}>
              {({ id: fid }) => (
                <Select mono className={cx(fieldStyles.select, textStyles.mono)} id={fid} value={form.alg} onChange={(e) => isAlgorithm(e.target.value) && onForm({ ...form, alg: e.target.value, kid: '' })}>
                  {ALGORITHMS.map((a) => (
                    <option key={a} value={a}>
                      {a}
                      {a === props.auth?.algorithm ? ' (settings)' : ''}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field name="key" label="Signing key" error={issueFor('key') ?? issueFor('kid')} help={keysHelp(keys, form.alg, keysForAlg.length)}>
              {({ id: fid }) => (
                <Select mono className={cx(fieldStyles.select, textStyles.mono)} id={fid} value={form.kid} onChange={(e) => set('kid', e.target.value)} data-testid="mint-key">
                  <option value="">auto: first trusted {form.alg} key</option>
                  {keysForAlg.map((k) => (
                    <option key={k.kid} value={k.kid}>
                      {k.kid}
                      {k.trusted ? '' : ' (untrusted)'}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field name="claims" label="Extra claims (JSON)" wide error={claims.ok ? issueFor('claims') : claims.error} help="Merged last; may override generated claims.">
              {({ id: fid, describedBy, invalid }) => (
                <Textarea
                  mono
                  id={fid}
                  className={cx(fieldStyles.input, textStyles.mono)}
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
                <Input mono className={cx(fieldStyles.input, textStyles.mono)} id={fid} value={form.path} placeholder="/sessions/SESSION_ID/runs/RUN_ID" onChange={(e) => set('path', e.target.value)} autoComplete="off" spellCheck={false} />
              )}
            </Field>
            <Field name="defect" label="Make it a bad token" wide help="Each defect fails one check of the auth layer.">
              {({ id: fid }) => (
                <Select className={fieldStyles.select} id={fid} value={form.defect} onChange={(e) => set('defect', e.target.value as Defect | '')} data-testid="mint-defect">
                  <option value="">No defect: a valid token</option>
                  {DEFECTS.map((d) => (
                    <option key={d} value={d}>
                      {DEFECT_TEXT[d]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <div className={layoutStyles.row}>
            <Button variant="primary" type="submit" disabled={!claims.ok || mint.isPending} data-testid="mint-submit">
              {mint.isPending ? <Spinner /> : null} Mint token <Kbd>Ctrl ↵</Kbd>
            </Button>
            <InlineError error={mint.error} testId="mint-error" />
          </div>
        </form>
      </Card>
      <MintResult result={props.result} onInspect={props.onInspect} sub={form.sub} />
    </div>
  );
}

function audPlaceholder(auth: AuthSettings | undefined): string {
  const a = auth?.audience;
  if (Array.isArray(a)) return a[0] ?? '(default)';
  return a ?? '(the service id)';
}

/**
 * What the key list says under the key picker. "No local key" only when the server said so: a
 * server that could not be reached (or failed) has said nothing about its keys.
 */
function keysHelp(keys: { isError: boolean; isPending: boolean; error: unknown }, alg: string, count: number): string | undefined {
  if (keys.isError) return `${errorTitle(keys.error)}: the keys could not be read (${describeError(keys.error)}).`;
  if (keys.isPending) return 'Reading the keys…';
  return count === 0 ? `No local ${alg} key: generate one in Settings.` : undefined;
}
