import type { ReactNode } from 'react';
import { getDesktopBridge } from '../../platform/desktop-bridge';
import { ChipsInput } from '../../components/ChipsInput';
import { Field } from '../../components/Field';
import { Segmented } from '../../components/Segmented';
import { Toggle } from '../../components/Toggle';
import type { SettingDescription } from '../../api-types/desk-shapes';
import type { AuthDraft } from './draft';
import { choiceLabel, defaultText, fromList, toList, widgetFor } from './widgets';
import inputStyles from '../../components/Input.module.css';
import textStyles from '../../components/text.module.css';
import layoutStyles from '../../components/layout.module.css';
import { cx } from '../../lib/cx';
import { Button } from '../../components/Button';
import { Input, Textarea } from '../../components/Input';

/** Presentation only: placeholders, and a control greyed out while another setting makes it moot. */
const HINTS: Record<string, { placeholder?: string; disabledWhen?: (draft: AuthDraft) => boolean; more?: ReactNode }> = {
  jwks_file: { placeholder: '/path/to/jwks.json' },
  jwks_url: { placeholder: 'https://YOUR_DOMAIN/.well-known/jwks.json' },
  token_header_key: { disabledWhen: (d) => d.token_source === 'COOKIE' },
  cookie_name: { disabledWhen: (d) => d.token_source === 'HEADER' },
  dependencies_claims: { placeholder: 'claim names, Enter to add' },
  session_state_claims: { placeholder: 'claim names, Enter to add' },
  excluded_route_paths: {
    placeholder: '/health',
    // The scope mapping keys on the same page use another grammar, where `*` crosses `/`.
    more: (
      <>
        {' '}Here <code>*</code> is one whole path segment and a trailing <code>/*</code> covers everything below; in scope mapping keys <code>*</code> also crosses <code>/</code>.
      </>
    ),
  },
};

/**
 * One setting of the form, drawn from its description: label, help, default, the server's
 * message, and the control its type calls for (`widgetFor`).
 */
export function SettingInput(props: {
  field: SettingDescription;
  value: unknown;
  draft: AuthDraft;
  onChange: (value: unknown) => void;
  error: string | undefined;
  modified: boolean;
  /** Shown when the input is empty (the audience's: the service id). */
  placeholder?: string | undefined;
  warning?: string | undefined;
}) {
  const { field, value, onChange } = props;
  const hint = HINTS[field.name] ?? {};
  const disabled = hint.disabledWhen?.(props.draft) ?? false;
  const placeholder = props.placeholder ?? hint.placeholder;
  const widget = widgetFor(field);
  const wide = widget === 'file' || widget === 'secrets' || field.type.startsWith('array<') || widget === 'one-or-many';
  return (
    <Field
      name={field.name}
      label={field.label}
      help={hint.more ? <>{field.help}{hint.more}</> : field.help}
      defaultText={defaultText(field)}
      error={props.error}
      errorSource="server"
      warning={props.warning}
      modified={props.modified}
      wide={wide}
    >
      {({ id, describedBy, invalid }) => {
        const common = { id, describedBy, invalid };
        switch (widget) {
          case 'toggle':
            return <Toggle id={id} describedBy={describedBy} checked={value === true} onChange={onChange} label={value === true ? 'On' : 'Off'} testId={`field-${field.name}`} />;
          case 'tri-state':
            return (
              <Segmented<'auto' | 'on' | 'off'>
                id={id}
                name={field.name}
                describedBy={describedBy}
                value={value === null || value === undefined ? 'auto' : value ? 'on' : 'off'}
                onChange={(v) => onChange(v === 'auto' ? null : v === 'on')}
                options={[
                  { value: 'auto', label: 'Auto', title: field.help },
                  { value: 'on', label: 'On' },
                  { value: 'off', label: 'Off' },
                ]}
              />
            );
          case 'choice':
            return (
              <Segmented<string>
                id={id}
                name={field.name}
                describedBy={describedBy}
                value={String(value ?? '')}
                onChange={onChange}
                options={(field.enum ?? []).map((v) => ({ value: v, label: choiceLabel(v) }))}
              />
            );
          case 'chips':
            return <ChipsInput {...common} value={toList(value)} onChange={onChange} placeholder={placeholder} disabled={disabled} testId={`field-${field.name}`} />;
          case 'one-or-many':
            return <ChipsInput {...common} value={toList(value)} onChange={(list) => onChange(fromList(list))} placeholder={placeholder} disabled={disabled} testId={`field-${field.name}`} />;
          case 'secrets':
            return <SecretList {...common} value={toList(value)} onChange={onChange} />;
          case 'mappings':
            return null;
          default:
            return (
              <div className={inputStyles.inputGroup}>
                <Input
                  mono
                  id={id}
                  className={textStyles.mono}
                  list={widget === 'suggest' ? `${id}-options` : undefined}
                  value={typeof value === 'string' ? value : ''}
                  placeholder={placeholder}
                  aria-describedby={describedBy || undefined}
                  aria-invalid={invalid || undefined}
                  disabled={disabled}
                  spellCheck={false}
                  autoComplete="off"
                  // Empty is null where null is allowed (no JWKS file); elsewhere it is sent as is, for the server to name.
                  onChange={(e) => onChange(e.target.value === '' && field.nullable ? null : e.target.value)}
                  data-testid={`field-${field.name}`}
                />
                {widget === 'suggest' ? (
                  <datalist id={`${id}-options`}>
                    {(field.enum ?? []).map((v) => (
                      <option key={v} value={v} />
                    ))}
                  </datalist>
                ) : null}
                {widget === 'file' ? <BrowseButton onPick={onChange} /> : null}
              </div>
            );
        }
      }}
    </Field>
  );
}

/** The desktop app's native file picker; nothing in a browser, where a path is typed. */
function BrowseButton({ onPick }: { onPick: (path: string) => void }) {
  const bridge = getDesktopBridge();
  if (!bridge) return null;
  const pick = () => {
    void bridge.chooseFile({ title: 'Choose a JWKS file', filters: [{ name: 'JWKS', extensions: ['json'] }, { name: 'All files', extensions: ['*'] }] }).then((p) => {
      if (p) onPick(p);
    });
  };
  return (
    <Button onClick={pick}>
      Browse…
    </Button>
  );
}

/** `verification_keys`: one PEM or secret per box. */
function SecretList(props: { id: string; describedBy: string; invalid: boolean; value: string[]; onChange: (v: string[]) => void }) {
  return (
    <div className={cx(layoutStyles.stack, layoutStyles.gap2)}>
      {props.value.length === 0 ? <span className={cx(textStyles.small, textStyles.muted)}>None. rundesk's own keys live in the key store below.</span> : null}
      {props.value.map((k, i) => (
        <div key={i} className={cx(layoutStyles.row, layoutStyles.alignStart)}>
          <Textarea
            mono
            id={i === 0 ? props.id : undefined}
            className={cx(textStyles.mono, layoutStyles.grow)}
            rows={Math.min(6, Math.max(2, k.split('\n').length))}
            value={k}
            aria-label={`Verification key ${i + 1}`}
            aria-describedby={props.describedBy || undefined}
            aria-invalid={props.invalid || undefined}
            spellCheck={false}
            onChange={(e) => props.onChange(props.value.map((x, j) => (j === i ? e.target.value : x)))}
          />
          <Button variant="ghost" size="sm" danger aria-label={`Remove verification key ${i + 1}`} onClick={() => props.onChange(props.value.filter((_, j) => j !== i))}>
            Remove
          </Button>
        </div>
      ))}
      <div>
        <Button size="sm" id={props.value.length === 0 ? props.id : undefined} onClick={() => props.onChange([...props.value, ''])}>
          + Add PEM key or secret
        </Button>
      </div>
    </div>
  );
}
