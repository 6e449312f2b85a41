import { Badge } from '../../components/Badge';
import { Kbd, Spinner } from '../../components/ui';
import type { SettingsDraft } from './useSettingsDraft';

/** Where the settings are written, what is unsaved, what the server said, and Save. */
export function SaveBar({ form, path, savedAt }: { form: SettingsDraft; path: string; savedAt: number | null }) {
  const n = form.issues.length;
  return (
    <div className={`wb-savebar ${form.dirty ? 'is-dirty' : ''}`} data-testid="savebar">
      <span className="wb-savebar-path" title={path}>
        <code>{path}</code>
      </span>
      <span className="wb-spacer" />
      {form.saving ? <Spinner label="Saving" /> : null}
      {form.checking ? <Spinner label="Checking" /> : null}
      {n > 0 ? (
        <Badge tone="danger" testId="save-issues">
          {n} issue{n === 1 ? '' : 's'} from the server
        </Badge>
      ) : null}
      {form.dirty ? (
        <span className="muted" data-testid="dirty-state">
          {form.changed.length} unsaved change{form.changed.length === 1 ? '' : 's'}
        </span>
      ) : savedAt ? (
        <span className="wb-ok" data-testid="saved-state">
          Saved · applied live
        </span>
      ) : (
        <span className="subtle">No changes</span>
      )}
      <button type="button" className="btn btn-sm" onClick={form.discard} disabled={!form.dirty || form.readOnly}>
        Discard
      </button>
      <button type="button" onClick={form.submit} className="btn btn-sm btn-primary" disabled={form.readOnly || form.saving} data-testid="save-settings" title="Save (Ctrl+S)">
        Save <Kbd>Ctrl S</Kbd>
      </button>
    </div>
  );
}
