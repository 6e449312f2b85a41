import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { deskQueries } from '../api/desk/queries';
import { Icon } from '../components/Icon';
import { formatCompact } from '../lib/format';
import { sessionsHref, useDbLocation } from '../lib/location';
import styles from './DbPicker.module.css';

/**
 * Which database (and session table) the run browser reads. The choice lives in the URL
 * (`?db=&table=`); picking one opens its sessions list. No choice reads the database the server
 * answers with when a request names none — the one holding sessions — so opening the UI with
 * an attached Agno file and an empty built-in database shows the file's sessions.
 */
export function DbPicker() {
  const { data, isError } = useQuery(deskQueries.databases());
  const loc = useDbLocation();
  const navigate = useNavigate();
  const dbs = data ?? [];
  const value = loc.db ? `${loc.db}\u0000${loc.table ?? ''}` : '';

  const options: { value: string; label: string }[] = [];
  for (const d of dbs) {
    const tables = Array.isArray(d.tables) ? d.tables : [];
    const counts = `${formatCompact(d.sessions)} session${d.sessions === 1 ? '' : 's'}`;
    if (tables.length <= 1) {
      options.push({ value: d.answers_without_db_id ? '' : `${d.id}\u0000`, label: `${d.id}${d.read_only ? ' (read-only)' : ''} · ${counts}` });
    } else {
      const def = typeof d.default_table === 'string' ? d.default_table : tables[0];
      for (const t of tables) {
        const v = d.answers_without_db_id && t === def ? '' : `${d.id}\u0000${t === def ? '' : t}`;
        options.push({ value: v, label: `${d.id} / ${t}${d.read_only ? ' (read-only)' : ''}${t === def ? ` · ${counts}` : ''}` });
      }
    }
  }
  if (!options.some((o) => o.value === '')) options.unshift({ value: '', label: 'default' });
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: `${loc.db}${loc.table ? ` / ${loc.table}` : ''}` });

  return (
    <label className={styles.headerSelect} title={isError ? 'Databases could not be listed' : 'Database the run browser reads'}>
      <Icon name="database" size={13} />
      <select
        value={value}
        aria-label="Database"
        data-testid="db-picker"
        onChange={(e) => {
          const [db, table] = e.target.value.split('\u0000');
          navigate(sessionsHref({ db: db || undefined, table: table || undefined }));
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Icon name="chevronDown" size={11} className={styles.selectChev} />
    </label>
  );
}
