import { Badge } from '../../components/Badge';
import { Kbd, Spinner } from '../../components/ui';
import type { SettingsDraft } from './useSettingsDraft';
import styles from './SaveBar.module.css';
import layoutStyles from '../../components/layout.module.css';
import textStyles from '../../components/text.module.css';
import { cx } from '../../lib/cx';
import { Button } from '../../components/Button';

/** Where the settings are written, what is unsaved, what the server said, and Save. */
export function SaveBar({ form, path, savedAt }: { form: SettingsDraft; path: string; savedAt: number | null }) {
  const n = form.issues.length;
  return (
    <div className={cx(styles.savebar, form.dirty ? styles.isDirty : undefined)} data-testid="savebar">
      <span className={styles.savebarPath} title={path}>
        <code>{path}</code>
      </span>
      <span className={layoutStyles.spacer} />
      {form.saving ? <Spinner label="Saving" /> : null}
      {form.checking ? <Spinner label="Checking" /> : null}
      {n > 0 ? (
        <Badge tone="danger" testId="save-issues">
          {n} issue{n === 1 ? '' : 's'} from the server
        </Badge>
      ) : null}
      {form.dirty ? (
        <span className={textStyles.muted} data-testid="dirty-state">
          {form.changed.length} unsaved change{form.changed.length === 1 ? '' : 's'}
        </span>
      ) : savedAt ? (
        <span className={textStyles.ok} data-testid="saved-state">
          Saved · applied live
        </span>
      ) : (
        <span className={textStyles.subtle}>No changes</span>
      )}
      <Button size="sm" onClick={form.discard} disabled={!form.dirty || form.readOnly}>
        Discard
      </Button>
      <Button variant="primary" size="sm" onClick={form.submit} disabled={form.readOnly || form.saving} data-testid="save-settings" title="Save (Ctrl+S)">
        Save <Kbd>Ctrl S</Kbd>
      </Button>
    </div>
  );
}
