import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Badge } from '../../components/Badge';
import { DenseTable } from '../../components/DenseTable';
import { ChipsInput } from '../../components/ChipsInput';
import { EmptyState } from '../../components/ui';
import { HTTP_METHODS, type MappingLint } from '../../api-types/desk-shapes';
import { duplicateRows, mappingKey, newRowId, overriddenDefaults, parseMappingKey, type MappingRow } from './mappings';
import { ScopeChip } from '../../components/ScopeChip';
import { PatternGrammars } from './PatternGrammars';
import layoutStyles from '../../components/layout.module.css';
import textStyles from '../../components/text.module.css';
import denseTableStyles from '../../components/DenseTable.module.css';
import inputStyles from '../../components/Input.module.css';
import fieldStyles from '../../components/Field.module.css';
import styles from './ScopeMappingEditor.module.css';
import { cx } from '../../lib/cx';
import { lintKnownScopes, scopeTypoOf } from '../../lib/scope-typos';
import { Button, buttonClass } from '../../components/Button';
import { Input, Select } from '../../components/Input';

/**
 * Custom scope mappings (editable rows) above the built-in defaults (read-only), with each
 * default a custom row overrides marked, and "Override" to start a custom row from a default.
 */
export function ScopeMappingEditor(props: {
  rows: MappingRow[];
  onChange: (rows: MappingRow[]) => void;
  defaults: Record<string, readonly string[]>;
  /** Per default, the key that changes it under "platform" matching; absent under "specific". */
  overrideKeys?: Record<string, string> | undefined;
  suggestions: readonly string[];
  serverIssues: Map<string, string[]>;
  lint: MappingLint | undefined;
  /** The admin scope of the draft: known to the typo check although no route asks for it. */
  adminScope: string;
  disabled?: boolean;
}) {
  const { rows, onChange, defaults } = props;
  // The workshop's verdict links here with the rule that decided a request (`focusMapping`).
  const handed = useLocation().state as { focusMapping?: unknown; focusScopes?: unknown } | null;
  const focused = typeof handed?.focusMapping === 'string' ? handed.focusMapping : null;
  const focusScopes = Array.isArray(handed?.focusScopes) ? handed.focusScopes.filter((s): s is string => typeof s === 'string') : [];
  const [filter, setFilter] = useState(() => (focused !== null && defaults[focused] !== undefined && !rows.some((r) => mappingKey(r) === focused) ? focused : ''));
  useEffect(() => {
    if (focused === null) return;
    const row = document.querySelector<HTMLElement>('[data-focused-mapping="true"]');
    row?.scrollIntoView?.({ block: 'center' });
    row?.querySelector<HTMLElement>('input, button')?.focus();
  }, [focused]);
  const duplicates = useMemo(() => duplicateRows(rows), [rows]);
  // The typo check of the mapping lint, run on the draft as it is typed (the lint sees saved settings only).
  const known = useMemo(() => lintKnownScopes(defaults, props.adminScope), [defaults, props.adminScope]);
  const [typing, setTyping] = useState<Record<string, string>>({});
  // "Override" replaces its own button with a custom row: focus goes to that row's scopes, the field to edit, not to <body>.
  const focusRow = useRef<string | null>(null);
  useEffect(() => {
    if (focusRow.current === null) return;
    document.querySelector<HTMLElement>(`[data-row-id="${focusRow.current}"] [data-scopes-input] input`)?.focus();
    focusRow.current = null;
  });
  const overridden = useMemo(() => {
    const keys = new Set(rows.map(mappingKey));
    const viaPlatform = Object.keys(defaults).filter((k) => props.overrideKeys?.[k] !== undefined && keys.has(props.overrideKeys[k] as string));
    return new Set([...overriddenDefaults(rows, defaults), ...viaPlatform]);
  }, [rows, defaults, props.overrideKeys]);
  const defaultEntries = useMemo(
    () =>
      Object.entries(defaults).filter(([k, v]) => {
        const f = filter.trim().toLowerCase();
        return !f || k.toLowerCase().includes(f) || v.some((s) => s.toLowerCase().includes(f));
      }),
    [defaults, filter],
  );

  const update = (id: string, patch: Partial<MappingRow>) => onChange(rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const addRow = (init?: Partial<MappingRow>) => {
    const id = newRowId();
    onChange([...rows, { id, method: 'GET', path: '', scopes: [], ...init }]);
    return id;
  };

  return (
    <div className={layoutStyles.stack} data-testid="scope-mapping-editor">
      <PatternGrammars />
      <div className={layoutStyles.row}>
        <h3 className={textStyles.h3}>Custom mappings</h3>
        <Badge tone={rows.length ? 'accent' : 'muted'}>{rows.length}</Badge>
        <span className={layoutStyles.spacer} />
        <Button size="sm" onClick={() => addRow()} disabled={props.disabled} data-testid="add-mapping">
          + Add mapping
        </Button>
      </div>
      {focused !== null ? (
        <p className={styles.recheck} data-testid="recheck-note">
          <span>
            From the workshop's verdict on <code>{focused}</code>. Fix the rule and save, then re-check the same token and request.
          </span>
          {/* The deciding key may be neither a row nor one of rundesk's defaults (the platform's
              `GET /sessions/*` covers rundesk's run route): offer to add it. */}
          {!rows.some((r) => mappingKey(r) === focused) && defaults[focused] === undefined ? (
            <Button size="sm" disabled={props.disabled} onClick={() => addRow({ ...parseMappingKey(focused), scopes: [...focusScopes] })} data-testid="add-deciding-mapping">
              Override <code>{focused}</code>
            </Button>
          ) : null}
          <Link to="/tokens?tab=inspect" className={buttonClass({ size: 'sm' })} data-testid="recheck">
            Re-check in the workshop →
          </Link>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState>No custom mappings: the defaults below apply. Add a row to protect a new route or to change a default's scopes.</EmptyState>
      ) : (
        <DenseTable wrap="framed" label="Custom scope mappings" columns={['Method', 'Path pattern', 'Required scopes', 'Effect', { actions: true }]}>
          {rows.map((r, i) => {
            const key = mappingKey(r);
            const problem = duplicates.get(r.id) ?? props.serverIssues.get(key)?.join('; ');
            const def = defaults[key];
            const typos = scopeTypos([...r.scopes, typing[r.id] ?? ''], known);
            const typoId = `mapping-typo-${r.id}`;
            return (
              <tr key={r.id} data-row-id={r.id} data-testid={`mapping-row-${i}`} data-focused-mapping={key === focused ? 'true' : undefined}>
                <td className={cx(denseTableStyles.cellInput, denseTableStyles.cellTight)}>
                  <Select
                    mono
                    className={cx(denseTableStyles.select, fieldStyles.select, textStyles.mono, layoutStyles.wMethod)}
                    aria-label={`Method of mapping ${i + 1}`}
                    value={r.method}
                    disabled={props.disabled}
                    onChange={(e) => update(r.id, { method: e.target.value })}
                  >
                    {HTTP_METHODS.map((m) => (
                      <option key={m} value={m}>
                        {m}
                      </option>
                    ))}
                  </Select>
                </td>
                <td className={denseTableStyles.cellInput}>
                  <Input
                    mono
                    className={cx(denseTableStyles.input, fieldStyles.input, textStyles.mono)}
                    aria-label={`Path pattern of mapping ${i + 1}`}
                    aria-invalid={problem ? true : undefined}
                    placeholder="/sessions/*/runs"
                    autoFocus={r.path === '' && i === rows.length - 1}
                    value={r.path}
                    disabled={props.disabled}
                    onChange={(e) => update(r.id, { path: e.target.value })}
                  />
                  {problem ? <p className={fieldStyles.fieldError}>{problem}</p> : null}
                </td>
                <td className={denseTableStyles.cellInput} data-scopes-input>
                  <ChipsInput
                    value={r.scopes}
                    onChange={(scopes) => update(r.id, { scopes })}
                    onTextChange={(text) => setTyping((t) => ({ ...t, [r.id]: text }))}
                    suggestions={props.suggestions}
                    placeholder="none: open to any caller"
                    disabled={props.disabled}
                    ariaLabel={`Scopes of mapping ${i + 1}`}
                    describedBy={typos.length ? typoId : undefined}
                  />
                  {typos.length ? (
                    <div id={typoId} className={styles.typos} aria-live="polite">
                      {typos.map(({ scope, meant }) => (
                        <p key={scope} className={fieldStyles.fieldWarning} data-testid="mapping-typo">
                          "{scope}" is no scope any route asks for: did you mean "{meant}"? Saved as is, tokens carrying {meant} are refused here.{' '}
                          {r.scopes.includes(scope) && !props.disabled ? (
                            <Button variant="link" onClick={() => update(r.id, { scopes: [...new Set(r.scopes.map((s) => (s === scope ? meant : s)))] })}>
                              Use {meant}
                            </Button>
                          ) : null}
                        </p>
                      ))}
                    </div>
                  ) : null}
                </td>
                <td className={textStyles.small}>
                  {def ? (
                    <span title={`Default: ${def.join(', ') || '(none)'}`}>
                      <Badge tone="warn">overrides default</Badge>{' '}
                      <span className={textStyles.muted}>was {def.length ? def.map((s) => <ScopeChip key={s} scope={s} />) : 'open'}</span>
                    </span>
                  ) : (
                    <Badge tone="info" title="No known default for this route">custom route</Badge>
                  )}
                  {r.scopes.length === 0 ? <> <Badge tone="muted">no scopes</Badge></> : null}
                </td>
                <td className={denseTableStyles.cellTight}>
                  <Button
                    variant="ghost"
                    size="sm"
                    danger
                    aria-label={`Remove mapping ${key}`}
                    disabled={props.disabled}
                    onClick={() => onChange(rows.filter((x) => x.id !== r.id))}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            );
          })}
        </DenseTable>
      )}

      {props.lint && (props.lint.unmatched_mappings.length > 0 || props.lint.unmapped_routes.length > 0 || props.lint.platform_shadowed.length > 0 || props.lint.unknown_scopes.length > 0 || props.lint.platform_scope_notes.length > 0) ? (
        <details
          className={cx(layoutStyles.details, styles.lint)}
          data-testid="mapping-lint"
          open={props.lint.unmatched_mappings.length > 0 || props.lint.platform_shadowed.length > 0 || props.lint.unknown_scopes.length > 0 || props.lint.platform_scope_notes.length > 0}
        >
          <summary>
            Mapping lint (saved settings){' '}
            {props.lint.unknown_scopes.length ? <Badge tone="warn">{props.lint.unknown_scopes.length} unknown {props.lint.unknown_scopes.length === 1 ? "scope" : "scopes"}</Badge> : null}{' '}
            {props.lint.unmatched_mappings.length ? <Badge tone="warn">{props.lint.unmatched_mappings.length} match no route</Badge> : null}{' '}
            {props.lint.unmapped_routes.length ? <Badge tone="info">{props.lint.unmapped_routes.length} unmapped routes</Badge> : null}{' '}
            {props.lint.platform_shadowed.length ? <Badge tone="warn">{props.lint.platform_shadowed.length} differ on the platform</Badge> : null}{' '}
            {props.lint.platform_scope_notes.length ? <Badge tone="warn">{props.lint.platform_scope_notes.length} read otherwise by the platform</Badge> : null}
          </summary>
          {props.lint.platform_scope_notes.map((l) => (
            <p key={`reading ${l.pattern} ${l.scope}`} className={styles.lintItem} data-tone="warn" data-testid="lint-platform-scope">
              <code>{l.pattern}</code> {l.message}
            </p>
          ))}
          {props.lint.unknown_scopes.map((l) => (
            <p key={`scope ${l.pattern} ${l.scope}`} className={styles.lintItem} data-tone="warn" data-testid="lint-unknown-scope">
              <code>{l.pattern}</code> {l.message}
            </p>
          ))}
          {props.lint.platform_shadowed.map((l) => (
            <p key={`platform ${l.pattern}`} className={styles.lintItem} data-tone="warn" data-testid="lint-platform-shadowed">
              <code>{l.pattern}</code> {l.message}
            </p>
          ))}
          {props.lint.unmatched_mappings.map((l) => (
            <p key={l.pattern} className={styles.lintItem} data-tone="warn">
              <code>{l.pattern}</code> {l.message}
            </p>
          ))}
          {props.lint.unmapped_routes.map((l) => (
            <p key={`${l.method} ${l.path}`} className={styles.lintItem} data-tone="info">
              <span className={denseTableStyles.method} data-method={l.method}>{l.method}</span> <code>{l.path}</code> {l.message}
            </p>
          ))}
        </details>
      ) : null}

      <div className={layoutStyles.row}>
        <h3 className={textStyles.h3}>Defaults</h3>
        <Badge>{Object.keys(defaults).length}</Badge>
        {overridden.size ? <Badge tone="warn">{overridden.size} overridden</Badge> : null}
        <span className={layoutStyles.spacer} />
        <Input
          className={cx(denseTableStyles.input, fieldStyles.input, inputStyles.filter)}
          type="search"
          placeholder="Filter routes or scopes"
          aria-label="Filter default mappings"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      <DenseTable wrap="framed" label="Default scope mappings" wrapClassName={layoutStyles.scrollY} testId="default-mappings" columns={['Method', 'Path pattern', 'Default scopes', { actions: true }]}>
        {defaultEntries.map(([key, scopes]) => {
          const { method, path } = splitKey(key);
          const isOver = overridden.has(key);
          return (
            <tr key={key} className={isOver ? denseTableStyles.isMuted : undefined} data-focused-mapping={key === focused && !isOver ? 'true' : undefined}>
              <td className={denseTableStyles.cellTight}>
                <span className={denseTableStyles.method} data-method={method}>{method}</span>
              </td>
              <td>
                <code className={denseTableStyles.path}>{path}</code>
              </td>
              <td>
                {scopes.map((s) => (
                  <ScopeChip key={s} scope={s} />
                ))}
                {isOver ? <Badge tone="warn">overridden</Badge> : null}
              </td>
              <td className={denseTableStyles.cellTight}>
                {isOver ? null : (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={props.disabled}
                    onClick={() => {
                      // Under "platform" matching the key that changes this route is the platform's own.
                      const target = parseMappingKey(props.overrideKeys?.[key] ?? key);
                      focusRow.current = addRow({ method: target.method, path: target.path, scopes: [...scopes] });
                    }}
                    aria-label={`Override ${key}`}
                    title={props.overrideKeys?.[key] && props.overrideKeys[key] !== key ? `Adds ${props.overrideKeys[key]}, the key that decides this route` : undefined}
                  >
                    Override
                  </Button>
                )}
              </td>
            </tr>
          );
        })}
        {defaultEntries.length === 0 ? (
          <tr>
            <td colSpan={4} className={textStyles.muted}>
              {Object.keys(defaults).length === 0 ? 'The server did not report its default mappings.' : 'No default matches the filter.'}
            </td>
          </tr>
        ) : null}
      </DenseTable>
    </div>
  );
}

function splitKey(key: string): { method: string; path: string } {
  const i = key.indexOf(' ');
  return i < 0 ? { method: '', path: key } : { method: key.slice(0, i), path: key.slice(i + 1) };
}

/** Each scope (chip or text being typed) that looks like a typo of a known one, with the one meant. */
function scopeTypos(scopes: readonly string[], known: ReadonlySet<string>): { scope: string; meant: string }[] {
  return [...new Set(scopes.map((s) => s.trim()).filter(Boolean))].flatMap((scope) => {
    const meant = scopeTypoOf(scope, known);
    return meant ? [{ scope, meant }] : [];
  });
}
