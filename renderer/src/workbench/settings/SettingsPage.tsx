import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { markAppLoaded } from '../../platform/browser';
import { ErrorPanel } from '../../components/ErrorPanel';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/ui';
import type { SettingsEnvelope, SettingsSchemaResponse } from '../../api-types/desk-shapes';
import { SettingsForm } from './SettingsForm';
import { deskQueries } from '../../api';
import pageStyles from '../../components/Page.module.css';
import { cx } from '../../lib/cx';

/**
 * The auth settings page. The form is drawn from `/desk/settings/schema` (sections, labels,
 * defaults, help), so it waits for both the settings and their description.
 */
export function SettingsPage() {
  const current = useQuery(deskQueries.settings());
  const schema = useQuery(deskQueries.settingsSchema());
  // Lives above the form, which remounts with the saved settings.
  const [savedAt, setSavedAt] = useState<number | null>(null);
  useEffect(() => {
    if (current.data && schema.data) markAppLoaded();
  }, [current.data, schema.data]);

  const failed = current.error ?? schema.error;
  if (failed) {
    // Not a dead end: "Try again" here, and the shell asks again by itself once a server that
    // could not be reached answers (features/errors/ServerOutage).
    return (
      <Frame>
        <ErrorPanel
          error={failed}
          title="Settings could not be loaded"
          retry={() => {
            void current.refetch();
            void schema.refetch();
          }}
          testId="settings-error"
        />
      </Frame>
    );
  }
  if (!current.data || !schema.data) {
    return (
      <Frame>
        <Spinner label="Loading settings" />
      </Frame>
    );
  }
  return <SettingsForm envelope={current.data as SettingsEnvelope} schema={schema.data as SettingsSchemaResponse} savedAt={savedAt} onSaved={setSavedAt} />;
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className={cx(pageStyles.page, pageStyles.pageStack)} data-controls="fill">
      <PageHeader title="Auth settings" />
      {children}
    </div>
  );
}
