import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { isApiError } from '../../api/client';
import { markAppLoaded } from '../../platform/browser';
import { getDesktopBridge } from '../../platform/desktop-bridge';
import { Badge, Callout, ChipsInput, Field, Kbd, PageHeader, Panel, Segmented, Spinner, Toggle, onModKey, useDebounced } from '../components/ui';
import { describeError } from '../errors';
import { KeysPanel } from '../keys/KeysPanel';
import { ALGORITHMS, TOKEN_SOURCES, type AuthSettings, type FieldIssue, type Preset, type SettingDescription, type SettingsEnvelope, type TokenSource } from '../types';
import {
  FALLBACK_DOCS,
  applyPreset,
  audienceToList,
  buildSettingsBody,
  changedFields,
  defaultMappings,
  differsFromDefault,
  freshIssues,
  issuesOf,
  knownScopes,
  listToAudience,
  localIssues,
  mergeIssues,
  mappingsFromRows,
  presetChanges,
  routeIssues,
  rowsFromMappings,
  stableJson,
  type AuthField,
  type MappingRow,
} from './model';
import { settingsMutations } from './mutations';
import { PresetsPanel } from './PresetsPanel';
import { settingsQueries } from './queries';
import { CorsPanel } from './CorsPanel';
import { ScopeMappingEditor } from './ScopeMappingEditor';
import { describeSchema } from './schema';

const SECTIONS = [
  { id: 'presets', title: 'Identity provider presets', fields: [] as AuthField[] },
  { id: 'verification', title: 'Verification', fields: ['validate', 'algorithm', 'jwks_file', 'jwks_url', 'verification_keys', 'secret_key'] as AuthField[] },
  { id: 'keys', title: 'Keys & JWKS', fields: [] as AuthField[] },
  { id: 'source', title: 'Token source', fields: ['token_source', 'token_header_key', 'cookie_name'] as AuthField[] },
  {
    id: 'claims',
    title: 'Claims',
    fields: ['scopes_claim', 'user_id_claim', 'session_id_claim', 'audience_claim', 'dependencies_claims', 'session_state_claims'] as AuthField[],
  },
  { id: 'audience', title: 'Audience', fields: ['audience', 'verify_audience'] as AuthField[] },
  { id: 'authorization', title: 'Authorization & isolation', fields: ['authorization', 'admin_scope', 'user_isolation', 'excluded_route_paths'] as AuthField[] },
  { id: 'mappings', title: 'Scope mappings', fields: ['scope_mappings'] as AuthField[] },
  { id: 'cors', title: 'Browser access (CORS)', fields: [] as AuthField[] },
] as const;

/** The auth settings page: every SPEC §5.2 setting, keys, presets and the scope-mapping editor. */
export function SettingsPage() {
  const current = useQuery(settingsQueries.current());
  // Lives above the form, which remounts with the saved settings.
  const [savedAt, setSavedAt] = useState<number | null>(null);
  useEffect(() => {
    if (current.data) markAppLoaded();
  }, [current.data]);

  if (current.isPending) {
    return (
      <div className="wb-page">
        <PageHeader title="Auth settings" />
        <Spinner label="Loading settings" />
      </div>
    );
  }
  if (current.isError) {
    return (
      <div className="wb-page">
        <PageHeader title="Auth settings" />
        <Callout tone="danger" title="Settings could not be loaded">
          {describeError(current.error)}
        </Callout>
      </div>
    );
  }
  return <SettingsForm envelope={current.data} savedAt={savedAt} onSaved={setSavedAt} />;
}

function SettingsForm({ envelope, savedAt, onSaved }: { envelope: SettingsEnvelope; savedAt: number | null; onSaved: (at: number | null) => void }) {
  const qc = useQueryClient();
  const schema = useQuery(settingsQueries.schema());
  const lint = useQuery(settingsQueries.mappingLint());
  const save = useMutation(settingsMutations.save(qc));
  const base = envelope.settings.auth;
  const [auth, setAuth] = useState<AuthSettings>(() => structuredClone(base));
  const [rows, setRows] = useState<MappingRow[]>(() => rowsFromMappings(base.scope_mappings));
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  const [presetFields, setPresetFields] = useState<Set<string>>(new Set());
  // A save (or an outside change) of the auth settings starts a fresh draft from them; panels
  // keep their own state (a fixture's sample tokens, an import result).
  const baseKey = stableJson(base);
  const [draftOf, setDraftOf] = useState(baseKey);
  if (draftOf !== baseKey) {
    setDraftOf(baseKey);
    setAuth(structuredClone(base));
    setRows(rowsFromMappings(base.scope_mappings));
    setServerIssues([]);
    setPresetFields(new Set());
  }
  const setSavedAt = onSaved;
  const readOnly = !envelope.writable;

  const docs = useMemo(() => describeSchema(schema.data), [schema.data]);
  const defaults = useMemo(
    () => defaultMappings(envelope.auth_status.mappings, schema.data?.default_scope_mappings),
    [envelope.auth_status.mappings, schema.data],
  );
  const suggestions = useMemo(
    () => knownScopes(defaults, mappingsFromRows(rows), auth.admin_scope),
    [defaults, rows, auth.admin_scope],
  );
  const local = useMemo(() => localIssues(auth, rows), [auth, rows]);
  const draftAuth = useMemo(() => ({ ...auth, scope_mappings: mappingsFromRows(rows) }), [auth, rows]);
  const changed = useMemo(() => changedFields(draftAuth, base), [draftAuth, base]);
  const dirty = changed.length > 0;

  // Validated as typed with the server's own messages: a dry run of the PUT body ~400 ms after
  // the last edit, while there are unsaved changes. Save still does the real PUT.
  const draftBody = useMemo(
    () => (dirty ? buildSettingsBody(envelope.file_settings, envelope.settings, auth, rows) : null),
    [dirty, envelope.file_settings, envelope.settings, auth, rows],
  );
  const draftJson = useMemo(() => (draftBody ? JSON.stringify(draftBody) : null), [draftBody]);
  const checkedJson = useDebounced(draftJson, 400);
  const dryRun = useQuery(settingsQueries.validate(readOnly || draftJson === null ? null : checkedJson));
  const liveIssues = useMemo(
    () =>
      draftBody && dryRun.data && !dryRun.data.valid
        ? freshIssues(dryRun.data.issues, JSON.parse(dryRun.data.bodyJson) as Record<string, unknown>, draftBody)
        : [],
    [draftBody, dryRun.data],
  );
  // Issues from the last save first, then the dry run's (the same messages, not twice).
  const shownIssues = useMemo(() => mergeIssues(serverIssues, liveIssues), [serverIssues, liveIssues]);
  const routed = useMemo(() => routeIssues(shownIssues), [shownIssues]);

  const errorOf = (f: AuthField): string | undefined => routed.byField.get(f)?.join('; ') ?? local[f];
  const set = <K extends keyof AuthSettings>(field: K, value: AuthSettings[K]) => {
    setAuth((a) => ({ ...a, [field]: value }));
    // A server issue is about the value that was sent; editing the field retires it.
    setServerIssues((issues) => issues.filter((i) => !i.path.startsWith(`auth.${String(field)}`)));
    setSavedAt(null);
  };
  const setMappingRows = (next: MappingRow[]) => {
    setRows(next);
    setServerIssues((issues) => issues.filter((i) => !i.path.startsWith('auth.scope_mappings')));
    setSavedAt(null);
  };

  const doSave = () => {
    if (readOnly || save.isPending) return;
    save.mutateAsync(buildSettingsBody(envelope.file_settings, envelope.settings, auth, rows)).then(
      () => onSaved(Date.now()),
      (err: unknown) => setServerIssues(isApiError(err) ? issuesOf(err.body) : []),
    );
  };
  const discard = () => {
    setAuth(structuredClone(base));
    setRows(rowsFromMappings(base.scope_mappings));
    setServerIssues([]);
    setPresetFields(new Set());
  };
  const onApplyPreset = (p: Pick<Preset, 'settings_patch'>) => {
    // Mark only what the preset actually changes.
    const touched = presetChanges(auth, p).map((c) => c.field);
    setAuth((a) => applyPreset(a, p));
    // Entra, Cognito and Clerk respell the default scopes as custom mappings.
    if (p.settings_patch.scope_mappings !== undefined) setRows(rowsFromMappings(p.settings_patch.scope_mappings));
    setPresetFields(new Set(touched));
    setServerIssues([]);
    setSavedAt(null);
  };

  /** Props every field shares: label text, help, default, error, changed marks. */
  const fp = (f: AuthField, label: string) => ({
    name: f,
    label,
    help: docs[f]?.help ?? FALLBACK_DOCS[f].help,
    defaultText: defaultTextOf(f, docs[f]),
    error: errorOf(f),
    errorSource: routed.byField.has(f) ? ('server' as const) : ('local' as const),
    modified: differsFromDefault(f, auth[f as keyof AuthSettings], docs[f]?.default),
    wide: false,
  });
  const fieldClass = (f: AuthField) => (presetFields.has(f) ? 'wb-preset-touched' : changed.includes(f) ? 'wb-changed' : '');

  const issueCount = (fields: readonly AuthField[]) => fields.filter((f) => errorOf(f)).length;
  const saveError = save.isError && !(isApiError(save.error) && issuesOf(save.error.body).length > 0 && routed.other.length === 0);
  const bridge = getDesktopBridge();

  return (
    <div className="wb-page" data-testid="settings-page" onKeyDown={onModKey('s', doSave)}>
      <PageHeader
        title="Auth settings"
        subtitle={
          <>
            The JWT layer in front of the run endpoint (SPEC §5). Changes apply live when saved.
          </>
        }
      />

      {readOnly ? (
        <Callout tone="warn" title="Read-only: settings come from --config" testId="readonly-banner">
          {envelope.reason ?? (
            <>
              rundesk was started with <code>--config {envelope.path}</code>: this page shows those settings but cannot write them. Edit the file and restart.
            </>
          )}
        </Callout>
      ) : null}
      {envelope.warnings?.length ? (
        <Callout tone="warn" title="Warnings">
          <ul>
            {envelope.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Callout>
      ) : null}

      <div className="wb-settings">
        <nav className="wb-toc" aria-label="Settings sections">
          {SECTIONS.map((s) => {
            const n = issueCount(s.fields);
            return (
              <a key={s.id} href={`#wb-${s.id}`}>
                <span>{s.title}</span>
                {n ? <span className="wb-toc-err">{n}</span> : s.fields.some((f) => changed.includes(f)) ? <span className="wb-dot" /> : null}
              </a>
            );
          })}
        </nav>

        {/* Not a <form>: the key store's generate/import forms live inside it. Ctrl+S saves. */}
        <div className="wb-stack" role="form" aria-label="Auth settings">
          <div className={`wb-savebar ${dirty ? 'is-dirty' : ''}`} data-testid="savebar">
            <span className="wb-savebar-path" title={envelope.path}>
              <code>{envelope.path}</code>
            </span>
            <span className="wb-spacer" />
            {save.isPending ? <Spinner label="Saving" /> : null}
            {dryRun.isFetching && !save.isPending ? <Spinner label="Checking" /> : null}
            {shownIssues.length > 0 ? (
              <Badge tone="danger" testId="save-issues">
                {shownIssues.length} issue{shownIssues.length === 1 ? '' : 's'} from the server
              </Badge>
            ) : null}
            {dirty ? (
              <span className="wb-muted" data-testid="dirty-state">
                {changed.length} unsaved change{changed.length === 1 ? '' : 's'}
              </span>
            ) : savedAt ? (
              <span className="wb-ok" data-testid="saved-state">Saved · applied live</span>
            ) : (
              <span className="wb-subtle">No changes</span>
            )}
            <button type="button" className="wb-btn wb-btn-sm" onClick={discard} disabled={!dirty || readOnly}>
              Discard
            </button>
            <button type="button" onClick={doSave} className="wb-btn wb-btn-sm wb-btn-primary" disabled={readOnly || save.isPending} data-testid="save-settings" title="Save (Ctrl+S)">
              Save <Kbd>Ctrl S</Kbd>
            </button>
          </div>

          {routed.other.length > 0 || saveError ? (
            <Callout tone="danger" title={serverIssues.length > 0 || saveError ? 'The server refused the settings' : 'The server would refuse these settings'} testId="save-error">
              {routed.other.length > 0 ? (
                <ul>
                  {routed.other.map((i, n) => (
                    <li key={n}>
                      {i.path ? <code>{i.path}</code> : null} {i.message}
                    </li>
                  ))}
                </ul>
              ) : (
                describeError(save.error)
              )}
            </Callout>
          ) : null}

          <fieldset className="wb-fieldset" disabled={readOnly}>
            <div className="wb-stack">
              <Panel id="wb-presets" title="Identity provider presets" subtitle="Set the algorithm and claim names a provider's access tokens use.">
                <PresetsPanel auth={auth} onApply={onApplyPreset} readOnly={readOnly} />
              </Panel>

              <Panel id="wb-verification" title="Verification" subtitle="How signatures are checked. JWKS keys are tried first (by kid), then verification_keys.">
                <div className="wb-fields">
                  <Section f="validate" cls={fieldClass('validate')}>
                    <Field {...fp('validate', 'Validate tokens')}>
                      {({ id, describedBy }) => (
                        <Toggle id={id} describedBy={describedBy} checked={auth.validate} onChange={(v) => set('validate', v)} label={auth.validate ? 'On' : 'Off — signatures are not checked'} />
                      )}
                    </Field>
                  </Section>
                  <Section f="algorithm" cls={fieldClass('algorithm')}>
                    <Field {...fp('algorithm', 'Algorithm')}>
                      {({ id, describedBy, invalid }) => (
                        <>
                          <input
                            id={id}
                            className="wb-input wb-mono"
                            list={`${id}-algs`}
                            value={auth.algorithm}
                            aria-describedby={describedBy}
                            aria-invalid={invalid || undefined}
                            spellCheck={false}
                            autoComplete="off"
                            onChange={(e) => set('algorithm', e.target.value.trim())}
                            data-testid="field-algorithm"
                          />
                          <datalist id={`${id}-algs`}>
                            {ALGORITHMS.map((a) => (
                              <option key={a} value={a} />
                            ))}
                          </datalist>
                        </>
                      )}
                    </Field>
                  </Section>
                  <Section f="jwks_file" cls={fieldClass('jwks_file')} wide>
                    <Field {...fp('jwks_file', 'JWKS file')} wide>
                      {({ id, describedBy, invalid }) => (
                        <div className="wb-input-group">
                          <input
                            id={id}
                            className="wb-input wb-mono"
                            value={auth.jwks_file ?? ''}
                            placeholder="/path/to/jwks.json"
                            aria-describedby={describedBy}
                            aria-invalid={invalid || undefined}
                            spellCheck={false}
                            onChange={(e) => set('jwks_file', e.target.value === '' ? null : e.target.value)}
                            data-testid="field-jwks_file"
                          />
                          {bridge ? (
                            <button
                              type="button"
                              className="wb-btn"
                              onClick={() => {
                                void bridge.chooseFile({ title: 'Choose a JWKS file', filters: [{ name: 'JWKS', extensions: ['json'] }, { name: 'All files', extensions: ['*'] }] }).then((p) => {
                                  if (p) set('jwks_file', p);
                                });
                              }}
                            >
                              Browse…
                            </button>
                          ) : null}
                        </div>
                      )}
                    </Field>
                  </Section>
                  <Section f="jwks_url" cls={fieldClass('jwks_url')} wide>
                    <Field {...fp('jwks_url', 'JWKS URL')} wide>
                      {({ id, describedBy, invalid }) => (
                        <input
                          id={id}
                          className="wb-input wb-mono"
                          value={auth.jwks_url ?? ''}
                          placeholder="https://YOUR_DOMAIN/.well-known/jwks.json"
                          aria-describedby={describedBy}
                          aria-invalid={invalid || undefined}
                          spellCheck={false}
                          onChange={(e) => set('jwks_url', e.target.value === '' ? null : e.target.value)}
                        />
                      )}
                    </Field>
                  </Section>
                  <Section f="verification_keys" cls={fieldClass('verification_keys')} wide>
                    <Field {...fp('verification_keys', 'Verification keys')} wide>
                      {({ id, describedBy, invalid }) => (
                        <KeyList id={id} describedBy={describedBy} invalid={invalid} value={auth.verification_keys ?? []} onChange={(v) => set('verification_keys', v)} />
                      )}
                    </Field>
                  </Section>
                  {auth.secret_key ? (
                    <Section f="secret_key" cls={fieldClass('secret_key')} wide>
                      <Field {...fp('secret_key', 'Secret key (deprecated)')} wide warning="Deprecated: move this secret into verification_keys.">
                        {({ id, describedBy, invalid }) => (
                          <input id={id} className="wb-input wb-mono" value={auth.secret_key ?? ''} aria-describedby={describedBy} aria-invalid={invalid || undefined} onChange={(e) => set('secret_key', e.target.value || null)} />
                        )}
                      </Field>
                    </Section>
                  ) : null}
                </div>
              </Panel>

              <Panel id="wb-keys" title="Keys & JWKS" subtitle="rundesk's key store. Trusted keys are written to the JWKS file the auth layer reads by default.">
                <KeysPanel
                  algorithm={auth.algorithm}
                  readOnly={readOnly}
                  jwksFile={auth.jwks_file}
                  onUseTrustedJwks={(path) => {
                    set('jwks_file', path);
                    setPresetFields(new Set(['jwks_file']));
                  }}
                />
              </Panel>

              <Panel id="wb-source" title="Token source" subtitle="Where the auth layer looks for the bearer token (SPEC §5.1).">
                <div className="wb-fields">
                  <Section f="token_source" cls={fieldClass('token_source')}>
                    <Field {...fp('token_source', 'Source')}>
                      {({ id, describedBy }) => (
                        <Segmented<TokenSource>
                          id={id}
                          name="token_source"
                          describedBy={describedBy}
                          value={(auth.token_source?.toUpperCase() as TokenSource) ?? 'HEADER'}
                          onChange={(v) => set('token_source', v)}
                          options={TOKEN_SOURCES.map((s) => ({ value: s, label: s === 'BOTH' ? 'Both (header first)' : s[0] + s.slice(1).toLowerCase() }))}
                        />
                      )}
                    </Field>
                  </Section>
                  <Section f="token_header_key" cls={fieldClass('token_header_key')}>
                    <Field {...fp('token_header_key', 'Header')}>
                      {({ id, describedBy, invalid }) => (
                        <TextInput id={id} describedBy={describedBy} invalid={invalid} value={auth.token_header_key} onChange={(v) => set('token_header_key', v)} disabled={auth.token_source === 'COOKIE'} />
                      )}
                    </Field>
                  </Section>
                  <Section f="cookie_name" cls={fieldClass('cookie_name')}>
                    <Field {...fp('cookie_name', 'Cookie')}>
                      {({ id, describedBy, invalid }) => (
                        <TextInput id={id} describedBy={describedBy} invalid={invalid} value={auth.cookie_name} onChange={(v) => set('cookie_name', v)} disabled={auth.token_source === 'HEADER'} />
                      )}
                    </Field>
                  </Section>
                </div>
              </Panel>

              <Panel id="wb-claims" title="Claims" subtitle="Which claims carry scopes, user, session and audience. Dotted names (realm_access.roles) read nested claims.">
                <div className="wb-fields">
                  {(['scopes_claim', 'user_id_claim', 'session_id_claim', 'audience_claim'] as const).map((f) => (
                    <Section key={f} f={f} cls={fieldClass(f)}>
                      <Field {...fp(f, CLAIM_LABELS[f])}>
                        {({ id, describedBy, invalid }) => (
                          <TextInput id={id} describedBy={describedBy} invalid={invalid} value={auth[f]} onChange={(v) => set(f, v)} testId={`field-${f}`} />
                        )}
                      </Field>
                    </Section>
                  ))}
                  {(['dependencies_claims', 'session_state_claims'] as const).map((f) => (
                    <Section key={f} f={f} cls={fieldClass(f)}>
                      <Field {...fp(f, f === 'dependencies_claims' ? 'Dependencies claims' : 'Session state claims')}>
                        {({ id, describedBy, invalid }) => (
                          <ChipsInput id={id} describedBy={describedBy} invalid={invalid} value={auth[f]} onChange={(v) => set(f, v)} placeholder="claim names, Enter to add" />
                        )}
                      </Field>
                    </Section>
                  ))}
                </div>
              </Panel>

              <Panel id="wb-audience" title="Audience" subtitle={<>Service id: <code>{envelope.settings.os_id}</code></>}>
                <div className="wb-fields">
                  <Section f="audience" cls={fieldClass('audience')}>
                    <Field {...fp('audience', 'Expected audience')} defaultText={`os_id (${envelope.settings.os_id})`}>
                      {({ id, describedBy, invalid }) => (
                        <ChipsInput
                          id={id}
                          describedBy={describedBy}
                          invalid={invalid}
                          value={audienceToList(auth.audience)}
                          onChange={(v) => set('audience', listToAudience(v))}
                          placeholder={envelope.settings.os_id}
                        />
                      )}
                    </Field>
                  </Section>
                  <Section f="verify_audience" cls={fieldClass('verify_audience')}>
                    <Field {...fp('verify_audience', 'Verify audience')}>
                      {({ id, describedBy }) => (
                        <Toggle id={id} describedBy={describedBy} checked={auth.verify_audience} onChange={(v) => set('verify_audience', v)} label={auth.verify_audience ? 'Tokens for other services get 401' : 'Audience not checked'} />
                      )}
                    </Field>
                  </Section>
                </div>
              </Panel>

              <Panel id="wb-authorization" title="Authorization & isolation" subtitle="Scope checking, the admin scope, per-user rows and unauthenticated routes.">
                <div className="wb-fields">
                  <Section f="authorization" cls={fieldClass('authorization')}>
                    <Field {...fp('authorization', 'Scope checking')}>
                      {({ id, describedBy }) => (
                        <Segmented<'auto' | 'on' | 'off'>
                          id={id}
                          name="authorization"
                          describedBy={describedBy}
                          value={auth.authorization === null ? 'auto' : auth.authorization ? 'on' : 'off'}
                          onChange={(v) => set('authorization', v === 'auto' ? null : v === 'on')}
                          options={[
                            { value: 'auto', label: `Auto (${rows.length ? 'on' : 'off'})`, title: 'On when scope_mappings is given' },
                            { value: 'on', label: 'On' },
                            { value: 'off', label: 'Off' },
                          ]}
                        />
                      )}
                    </Field>
                  </Section>
                  <Section f="admin_scope" cls={fieldClass('admin_scope')}>
                    <Field {...fp('admin_scope', 'Admin scope')}>
                      {({ id, describedBy, invalid }) => (
                        <TextInput id={id} describedBy={describedBy} invalid={invalid} value={auth.admin_scope} onChange={(v) => set('admin_scope', v)} />
                      )}
                    </Field>
                  </Section>
                  <Section f="user_isolation" cls={fieldClass('user_isolation')}>
                    <Field {...fp('user_isolation', 'User isolation')}>
                      {({ id, describedBy }) => (
                        <Toggle
                          id={id}
                          describedBy={describedBy}
                          checked={auth.user_isolation}
                          onChange={(v) => set('user_isolation', v)}
                          label={auth.user_isolation ? `Rows scoped to ${auth.user_id_claim}` : 'Everyone sees every row'}
                          testId="field-user_isolation"
                        />
                      )}
                    </Field>
                  </Section>
                  <Section f="excluded_route_paths" cls={fieldClass('excluded_route_paths')} wide>
                    <Field {...fp('excluded_route_paths', 'Excluded routes')} wide>
                      {({ id, describedBy, invalid }) => (
                        <ChipsInput id={id} describedBy={describedBy} invalid={invalid} value={auth.excluded_route_paths} onChange={(v) => set('excluded_route_paths', v)} placeholder="/health" />
                      )}
                    </Field>
                  </Section>
                </div>
              </Panel>

              <Panel id="wb-mappings" title="Scope mappings" subtitle={<><code>&lt;METHOD&gt; &lt;path&gt;</code> → required scopes. As on the platform, <code>*</code> matches any characters, <code>/</code> included; <code>{'{param}'}</code> is one segment. Custom rows always take precedence over the defaults; the most specific match wins.</>}>
                {errorOf('scope_mappings') ? (
                  <p className="wb-field-error" data-testid="issue-scope_mappings" data-source={routed.byField.has('scope_mappings') ? 'server' : 'local'}>
                    {errorOf('scope_mappings')}
                  </p>
                ) : null}
                <ScopeMappingEditor
                  rows={rows}
                  onChange={setMappingRows}
                  defaults={defaults}
                  suggestions={suggestions}
                  serverIssues={routed.byMapping}
                  lint={lint.data}
                  disabled={readOnly}
                />
              </Panel>
            </div>
          </fieldset>
          <CorsPanel envelope={envelope} />
        </div>
      </div>
    </div>
  );
}

const CLAIM_LABELS = {
  scopes_claim: 'Scopes claim',
  user_id_claim: 'User id claim',
  session_id_claim: 'Session id claim',
  audience_claim: 'Audience claim',
} as const;

/** Wraps a field to mark it when a preset or an edit changed it. */
function Section(props: { f: AuthField; cls: string; wide?: boolean; children: ReactNode }) {
  return <div className={`wb-field-wrap ${props.cls} ${props.wide ? 'wb-field-wide' : ''}`}>{props.children}</div>;
}

function TextInput(props: {
  id: string;
  describedBy: string;
  invalid: boolean;
  value: string;
  onChange: (v: string) => void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <input
      id={props.id}
      className="wb-input wb-mono"
      value={props.value ?? ''}
      aria-describedby={props.describedBy || undefined}
      aria-invalid={props.invalid || undefined}
      disabled={props.disabled}
      spellCheck={false}
      autoComplete="off"
      onChange={(e) => props.onChange(e.target.value)}
      data-testid={props.testId}
    />
  );
}

/** `verification_keys`: one PEM or secret per box. */
function KeyList(props: { id: string; describedBy: string; invalid: boolean; value: string[]; onChange: (v: string[]) => void }) {
  return (
    <div className="wb-stack wb-gap-2">
      {props.value.length === 0 ? <span className="wb-small wb-muted">None. rundesk's own keys live in the key store below.</span> : null}
      {props.value.map((k, i) => (
        <div key={i} className="wb-row wb-align-start">
          <textarea
            id={i === 0 ? props.id : undefined}
            className="wb-textarea wb-grow"
            rows={Math.min(6, Math.max(2, k.split('\n').length))}
            value={k}
            aria-label={`Verification key ${i + 1}`}
            aria-describedby={props.describedBy || undefined}
            aria-invalid={props.invalid || undefined}
            spellCheck={false}
            onChange={(e) => props.onChange(props.value.map((x, j) => (j === i ? e.target.value : x)))}
          />
          <button type="button" className="wb-btn wb-btn-sm wb-btn-ghost wb-btn-danger" aria-label={`Remove verification key ${i + 1}`} onClick={() => props.onChange(props.value.filter((_, j) => j !== i))}>
            Remove
          </button>
        </div>
      ))}
      <div>
        <button type="button" className="wb-btn wb-btn-sm" id={props.value.length === 0 ? props.id : undefined} onClick={() => props.onChange([...props.value, ''])}>
          + Add PEM key or secret
        </button>
      </div>
    </div>
  );
}

/** The default shown after the help; none when the help already says (env fallbacks). */
function defaultTextOf(f: AuthField, desc: SettingDescription | undefined): string | undefined {
  if (!desc) return formatDefault(FALLBACK_DOCS[f].default);
  if (!('default' in desc)) return /default/i.test(desc.help) ? undefined : 'none';
  return formatDefault(desc.default);
}

function formatDefault(v: unknown): string {
  if (v === null || v === undefined) return 'none';
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.length === 0) return '[]';
  return JSON.stringify(v);
}
