import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { markAppLoaded } from '../../platform/browser';
import { Callout } from '../../components/Callout';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/ui';
import { describeError } from '../errors';
import type { SettingsEnvelope, SettingsSchemaResponse } from '../types';
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
    return (
      <Frame>
        <Callout tone="danger" title="Settings could not be loaded">
          {describeError(failed)}
        </Callout>
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
