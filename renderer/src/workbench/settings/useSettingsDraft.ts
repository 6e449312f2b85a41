import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { isApiError, issuesOf } from '../../api/client';
import { useDebounced } from '../../lib/hooks';
import type { FieldIssue, Preset, SettingsEnvelope } from '../../api-types/desk-shapes';
import { applyPreset, buildSettingsBody, changedFields, presetChanges, stableJson, type AuthDraft } from './draft';
import { freshIssues, mergeIssues, routeIssues } from './issues';
import { mappingsFromRows, rowsFromMappings, type MappingRow } from './mappings';
import { deskMutations, deskQueries } from '../../api';

/**
 * The auth settings form's state: the draft, the mapping rows, and the server's word on them.
 * Every message comes from the server: a dry run of the PUT body ~400 ms after the last edit,
 * and the real PUT on save.
 */
export function useSettingsDraft(envelope: SettingsEnvelope, fields: readonly string[], onSaved: (at: number | null) => void) {
  const qc = useQueryClient();
  const save = useMutation(deskMutations.saveSettings(qc));
  const base = envelope.settings.auth as AuthDraft;
  const savedOrigins = envelope.settings.cors_allowed_origins;
  const [draft, setDraft] = useState<AuthDraft>(() => structuredClone(base));
  // The CORS list is not an auth setting but is saved by the same Save, in the same PUT.
  const [origins, setOriginsDraft] = useState<string[]>(() => [...savedOrigins]);
  const [rows, setRows] = useState<MappingRow[]>(() => rowsFromMappings(base.scope_mappings));
  const [saveIssues, setSaveIssues] = useState<FieldIssue[]>([]);
  const [presetFields, setPresetFields] = useState<ReadonlySet<string>>(new Set());

  // A save (or an outside change) of the auth settings starts a fresh draft from them.
  const baseKey = stableJson({ auth: base, origins: savedOrigins });
  const [draftOf, setDraftOf] = useState(baseKey);
  const reset = () => {
    setDraft(structuredClone(base));
    setOriginsDraft([...savedOrigins]);
    setRows(rowsFromMappings(base.scope_mappings));
    setSaveIssues([]);
    setPresetFields(new Set());
  };
  if (draftOf !== baseKey) {
    setDraftOf(baseKey);
    reset();
  }

  const readOnly = !envelope.writable;
  const withRows = useMemo(() => ({ ...draft, scope_mappings: mappingsFromRows(rows) }), [draft, rows]);
  const originsChanged = stableJson(origins) !== stableJson(savedOrigins);
  const changed = useMemo(
    () => [...changedFields(withRows, base, fields), ...(originsChanged ? [CORS_FIELD] : [])],
    [withRows, base, fields, originsChanged],
  );
  const dirty = changed.length > 0;
  const bodyOf = () => {
    const next = buildSettingsBody(envelope.file_settings, envelope.settings, draft, rows, fields);
    return originsChanged ? { ...next, [CORS_FIELD]: origins } : next;
  };
  const body = useMemo(() => (dirty ? bodyOf() : null), [dirty, envelope.file_settings, envelope.settings, draft, rows, fields, origins, originsChanged]);
  const bodyJson = useMemo(() => (body ? JSON.stringify(body) : null), [body]);
  const checkedJson = useDebounced(bodyJson, 400);
  const dryRun = useQuery(deskQueries.validateSettings(readOnly || bodyJson === null ? null : checkedJson));
  const liveIssues = useMemo(
    () => (body && dryRun.data && !dryRun.data.valid ? freshIssues(dryRun.data.issues, JSON.parse(dryRun.data.bodyJson) as Record<string, unknown>, body) : []),
    [body, dryRun.data],
  );
  // Issues from the last save first, then the dry run's (the same messages, not twice).
  const issues = useMemo(() => mergeIssues(saveIssues, liveIssues), [saveIssues, liveIssues]);
  const originIssues = useMemo(() => issues.filter((i) => i.path.startsWith(CORS_FIELD)), [issues]);
  const routed = useMemo(() => routeIssues(issues.filter((i) => !i.path.startsWith(CORS_FIELD)), fields), [issues, fields]);

  /** Editing a setting retires what the last save said about it. */
  const forget = (prefix: string) => setSaveIssues((list) => list.filter((i) => !i.path.startsWith(prefix)));
  const set = (field: string, value: unknown) => {
    setDraft((d) => ({ ...d, [field]: value }));
    forget(`auth.${field}`);
    onSaved(null);
  };
  const setOrigins = (next: string[]) => {
    setOriginsDraft(next);
    forget(CORS_FIELD);
    onSaved(null);
  };
  const setMappingRows = (next: MappingRow[]) => {
    setRows(next);
    forget('auth.scope_mappings');
    onSaved(null);
  };
  const submit = () => {
    if (readOnly || save.isPending) return;
    save.mutateAsync(bodyOf()).then(
      () => onSaved(Date.now()),
      (err: unknown) => setSaveIssues(isApiError(err) ? issuesOf(err.body) : []),
    );
  };
  const takePreset = (p: Pick<Preset, 'settings_patch'>) => {
    // Mark only what the preset actually changes.
    const touched = presetChanges(draft, p).map((c) => c.field);
    setDraft((d) => applyPreset(d, p));
    // Cognito and Clerk respell the default scopes as custom mappings.
    if (p.settings_patch.scope_mappings !== undefined) setRows(rowsFromMappings(p.settings_patch.scope_mappings));
    setPresetFields(new Set(touched));
    setSaveIssues([]);
    onSaved(null);
  };
  const markTouched = (field: string) => setPresetFields(new Set([field]));

  const refused = save.isError && !(isApiError(save.error) && issuesOf(save.error.body).length > 0 && routed.other.length === 0);
  return {
    draft,
    rows,
    /** The draft of `cors_allowed_origins`, with the server's word on it. */
    origins: { value: origins, saved: savedOrigins, changed: originsChanged, issues: originIssues },
    readOnly,
    changed,
    dirty,
    issues,
    routed,
    presetFields,
    /** A save was refused without issues to show beside fields (a 409, the server gone). */
    saveError: refused ? save.error : null,
    saving: save.isPending,
    checking: dryRun.isFetching && !save.isPending,
    fromSave: saveIssues.length > 0 || refused,
    set,
    setMappingRows,
    setOrigins,
    submit,
    discard: reset,
    takePreset,
    markTouched,
  };
}

/** The top-level setting the CORS panel edits. */
export const CORS_FIELD = 'cors_allowed_origins';

export type SettingsDraft = ReturnType<typeof useSettingsDraft>;
