import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/Badge';
import { Callout } from '../../components/Callout';
import { ChipsInput } from '../../components/ChipsInput';
import { deskQueries } from '../../api';
import { Card } from '../../components/Card';
import layoutStyles from '../../components/layout.module.css';
import type { SettingsDraft } from './useSettingsDraft';
import { Button } from '../../components/Button';

/** The server's default list, read off its settings JSON Schema ("Reset" restores it). */
function defaultOrigins(jsonSchema: unknown): string[] | null {
  const prop = (jsonSchema as { properties?: Record<string, { default?: unknown }> } | undefined)?.properties?.['cors_allowed_origins'];
  return Array.isArray(prop?.default) && prop.default.every((o) => typeof o === 'string') ? (prop.default as string[]) : null;
}

/**
 * `cors_allowed_origins`: which web pages may call the platform API from the browser. Part of
 * the page's draft: the page's one Save (and Ctrl+S) writes it with the auth settings, and the
 * server's dry run checks it as typed, so the messages are the server's.
 */
export function CorsPanel({ form }: { form: SettingsDraft }) {
  const schema = useQuery(deskQueries.settingsSchema());
  const defaults = defaultOrigins(schema.data?.json_schema);
  const { value, changed, issues } = form.origins;

  return (
    <Card variant="panel"
      id="wb-cors"
      title="Browser access (CORS)"
      subtitle={
        <>
          Web pages on these origins may call the platform API with credentials, as with AgentOS's <code>cors_allowed_origins</code>. The list
          replaces the defaults; <code>*</code> is refused. <code>/desk</code> and <code>/ui</code> never answer other origins. Saved with the
          page's Save.
        </>
      }
    >
      <div className={layoutStyles.stack} data-testid="cors-panel">
        <ChipsInput
          value={value}
          onChange={form.setOrigins}
          placeholder="http://localhost:3000"
          ariaLabel="Allowed origins"
          invalid={issues.length > 0}
          mono
          disabled={form.readOnly}
          testId="cors-origins"
        />
        {issues.length > 0 ? (
          <Callout tone="danger" title={form.fromSave ? 'The server refused this list' : 'The server would refuse this list'} testId="cors-issues">
            <ul>
              {issues.map((i, n) => (
                <li key={n}>{i.message}</li>
              ))}
            </ul>
          </Callout>
        ) : null}
        <div className={layoutStyles.row}>
          {value.length === 0 ? <Badge tone="warn">no origin may call the API from a browser</Badge> : <Badge>{value.length} origins</Badge>}
          {changed ? (
            <Badge tone="info" testId="cors-unsaved">
              unsaved
            </Badge>
          ) : null}
          <span className={layoutStyles.spacer} />
          <Button
            size="sm"
            onClick={() => defaults && form.setOrigins([...defaults])}
            disabled={form.readOnly || !defaults}
            title={defaults ? defaults.join(', ') : undefined}
          >
            Reset to defaults
          </Button>
        </div>
      </div>
    </Card>
  );
}
