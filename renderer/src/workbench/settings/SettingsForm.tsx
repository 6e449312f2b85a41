import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Callout } from '../../components/Callout';
import { PageHeader } from '../../components/PageHeader';
import { useModShortcut } from '../../platform/keyboard';
import { describeError } from '../../api/describe-error';
import { KeysPanel } from '../keys/KeysPanel';
import type { SettingDescription, SettingsEnvelope, SettingsSchemaResponse, SettingsSection } from '../../api-types/desk-shapes';
import { CorsPanel } from './CorsPanel';
import { UpstreamPanel } from './UpstreamPanel';
import { differsFromDefault } from './draft';
import { knownScopes, mappingsFromRows } from './mappings';
import { PresetsPanel } from './PresetsPanel';
import { SaveBar } from './SaveBar';
import { ScopeMappingEditor } from './ScopeMappingEditor';
import { SettingInput } from './SettingInput';
import { CORS_FIELD, useSettingsDraft, type SettingsDraft } from './useSettingsDraft';
import { isDeprecated } from './widgets';
import { deskQueries } from '../../api';
import { Card } from '../../components/Card';
import pageStyles from '../../components/Page.module.css';
import styles from './SettingsForm.module.css';
import fieldStyles from '../../components/Field.module.css';
import layoutStyles from '../../components/layout.module.css';
import { cx } from '../../lib/cx';

/** Panels of the page that are not settings of the form; each sits after the section named. */
const PANELS = [
  { id: 'presets', title: 'Identity provider presets', after: null },
  { id: 'keys', title: 'Keys & JWKS', after: 'verification' },
  { id: 'cors', title: 'Browser access (CORS)', after: '*' },
] as const;

/** The auth settings form, section by section as `/desk/settings/schema` lists them. */
export function SettingsForm(props: { envelope: SettingsEnvelope; schema: SettingsSchemaResponse; savedAt: number | null; onSaved: (at: number | null) => void }) {
  const { envelope, schema } = props;
  const names = useMemo(() => schema.auth.map((f) => f.name), [schema]);
  const form = useSettingsDraft(envelope, names, props.onSaved);
  const lint = useQuery(deskQueries.mappingLint());
  const describe = useMemo(() => new Map(schema.auth.map((f) => [f.name, f])), [schema]);
  const errorOf = (name: string) => form.routed.byField.get(name)?.join('; ');
  useModShortcut('s', form.submit);

  const toc = [
    PANELS[0],
    ...schema.sections.flatMap((s) => [s, ...PANELS.filter((p) => p.after === s.id)]),
    PANELS[2],
  ];

  const panel = (id: string): ReactNode => {
    if (id === 'presets') {
      return (
        <Card variant="panel" id="wb-presets" key={id} title="Identity provider presets" subtitle="Set the algorithm and claim names a provider's access tokens use.">
          <PresetsPanel auth={form.draft} onApply={form.takePreset} readOnly={form.readOnly} />
        </Card>
      );
    }
    if (id === 'keys') {
      return (
        <Card variant="panel" id="wb-keys" key={id} title="Keys & JWKS" subtitle="rundesk's key store. Trusted keys are written to the JWKS file the auth layer reads by default.">
          <KeysPanel
            algorithm={String(form.draft.algorithm ?? '')}
            readOnly={form.readOnly}
            jwksFile={(form.draft.jwks_file as string | null | undefined) ?? null}
            onUseTrustedJwks={(path) => {
              form.set('jwks_file', path);
              form.markTouched('jwks_file');
            }}
          />
        </Card>
      );
    }
    return null;
  };

  return (
    <div className={cx(pageStyles.page, pageStyles.pageStack)} data-controls="fill" data-testid="settings-page">
      <PageHeader title="Auth settings" subtitle="The JWT layer in front of the platform API. Changes apply live when saved." />
      <Banners envelope={envelope} />
      <div className={styles.settings}>
        <nav className={styles.toc} aria-label="Settings sections">
          {toc.map((s) => {
            const fields: readonly string[] = 'fields' in s ? s.fields : s.id === 'cors' ? [CORS_FIELD] : [];
            const n = s.id === 'cors' ? form.origins.issues.length : fields.filter((f) => errorOf(f)).length;
            return (
              <a key={s.id} href={`#wb-${s.id}`}>
                <span>{s.title}</span>
                {n ? <span className={styles.tocErr}>{n}</span> : fields.some((f) => form.changed.includes(f)) ? <span className={fieldStyles.dot} /> : null}
              </a>
            );
          })}
        </nav>

        {/* Not a <form>: the key store's generate/import forms live inside it. Ctrl+S saves. */}
        <div className={layoutStyles.stack} role="form" aria-label="Auth settings">
          <SaveBar form={form} path={envelope.path} savedAt={props.savedAt} />
          {form.routed.other.length > 0 || form.saveError ? (
            <Callout tone="danger" title={form.fromSave ? 'The server refused the settings' : 'The server would refuse these settings'} testId="save-error">
              {form.routed.other.length > 0 ? (
                <ul>
                  {form.routed.other.map((i, n) => (
                    <li key={n}>
                      {i.path ? <code>{i.path}</code> : null} {i.message}
                    </li>
                  ))}
                </ul>
              ) : (
                describeError(form.saveError)
              )}
            </Callout>
          ) : null}

          {/* Read-only, each section's fields sit in a disabled fieldset; the panels and the mapping
              editor disable their own controls, so what only reads (copy, filter, a scrolling
              table) still takes focus. */}
          <div className={layoutStyles.stack}>
            {panel('presets')}
            {schema.sections.map((section) => [
              <FormSection key={section.id} section={section} describe={describe} form={form} envelope={envelope} schema={schema} lint={lint.data} />,
              ...PANELS.filter((p) => p.after === section.id).map((p) => panel(p.id)),
            ])}
          </div>
          <CorsPanel form={form} />
          <UpstreamPanel readOnly={form.readOnly} />
        </div>
      </div>
    </div>
  );
}

/** One section of settings: a field per setting, or the scope-mapping editor. */
function FormSection(props: {
  section: SettingsSection;
  describe: Map<string, SettingDescription>;
  form: SettingsDraft;
  envelope: SettingsEnvelope;
  schema: SettingsSchemaResponse;
  lint: Parameters<typeof ScopeMappingEditor>[0]['lint'];
}) {
  const { section, form, envelope } = props;
  const osId = envelope.settings.os_id;
  if (section.fields.includes('scope_mappings')) {
    const defaults = props.schema.default_scope_mappings;
    const error = form.routed.byField.get('scope_mappings')?.join('; ');
    return (
      <Card variant="panel" id={`wb-${section.id}`} title={section.title} subtitle={section.description}>
        {error ? (
          <p className={fieldStyles.fieldError} data-testid="issue-scope_mappings" data-source="server">
            {error}
          </p>
        ) : null}
        <ScopeMappingEditor
          rows={form.rows}
          onChange={form.setMappingRows}
          defaults={defaults}
          overrideKeys={form.draft.scope_matching === 'specific' ? undefined : props.schema.default_override_keys}
          suggestions={knownScopes(defaults, mappingsFromRows(form.rows), String(form.draft.admin_scope ?? ''))}
          serverIssues={form.routed.byMapping}
          lint={props.lint}
          adminScope={String(form.draft.admin_scope ?? '')}
          disabled={form.readOnly}
        />
      </Card>
    );
  }
  return (
    <Card variant="panel" id={`wb-${section.id}`} title={section.title} subtitle={section.description}>
      <fieldset className={cx(styles.fieldset, fieldStyles.fields)} disabled={form.readOnly}>
        {section.fields.map((name) => {
          const field = props.describe.get(name);
          const value = form.draft[name];
          if (!field || (isDeprecated(field) && !value)) return null;
          const mark = form.presetFields.has(name) ? 'preset' : form.changed.includes(name) ? 'changed' : undefined;
          return (
            <div key={name} className={styles.fieldWrap} data-mark={mark}>
              <SettingInput
                field={field}
                value={value}
                draft={form.draft}
                onChange={(v) => form.set(name, v)}
                error={form.routed.byField.get(name)?.join('; ')}
                modified={differsFromDefault(value, field)}
                placeholder={name === 'audience' ? osId : undefined}
                warning={isDeprecated(field) ? field.help : undefined}
              />
            </div>
          );
        })}
      </fieldset>
    </Card>
  );
}

/** Read-only and warning notices above the form. */
function Banners({ envelope }: { envelope: SettingsEnvelope }) {
  return (
    <>
      {envelope.writable ? null : (
        <Callout tone="warn" title="Read-only: settings come from --config" testId="readonly-banner">
          {envelope.reason ?? (
            <>
              rundesk was started with <code>--config {envelope.path}</code>: this page shows those settings but cannot write them. Edit the file and restart.
            </>
          )}
        </Callout>
      )}
      {envelope.warnings.length ? <Callout tone="warn" title="Warnings" items={envelope.warnings} /> : null}
    </>
  );
}
