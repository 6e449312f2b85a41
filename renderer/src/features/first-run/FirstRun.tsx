import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { deskMutations } from '../../api/desk/mutations';
import { CopyButton } from '../../components/Copy';
import { RequestError } from '../errors/AuthExplain';
import { Icon } from '../../components/Icon';
import { serverOrigin } from '../../platform/browser';
import styles from './FirstRun.module.css';
import textStyles from '../../components/text.module.css';
import { Button, buttonClass } from '../../components/Button';

/** What rundesk is and how to get runs into it: shown while the database has no sessions. */
export function FirstRun() {
  const qc = useQueryClient();
  const sample = useMutation(deskMutations.sampleData(qc));
  const origin = serverOrigin();
  const curl = `curl -H "Authorization: Bearer $TOKEN" ${origin}/sessions/SESSION_ID/runs/RUN_ID`;

  return (
    <div className={styles.firstRun} data-testid="first-run">
      <div className={styles.firstRunHero}>
        <div className={styles.firstRunMark}>
          <Icon name="sparkle" size={22} />
        </div>
        <h1>Welcome to rundesk</h1>
        <p className={styles.lead}>
          A local developer server for agent platforms. Point your agents, frontends and scripts at{' '}
          <code>{origin}</code> and get the platform’s run endpoint over a local session store — behind the same JWT
          and scope checks they will meet in production.
        </p>
        <div className={styles.firstRunActions}>
          <Button
            variant="primary"
            size="lg"
            onClick={() => sample.mutate()}
            disabled={sample.isPending}
            data-testid="load-sample-data"
          >
            <Icon name="bolt" size={14} /> {sample.isPending ? 'Loading sample data…' : 'Load sample data'}
          </Button>
          <Link to="/databases" className={buttonClass({ size: 'lg' })} data-testid="attach-database">
            <Icon name="database" size={14} /> Attach a database
          </Link>
        </div>
        <p className={textStyles.muted} data-testid="sample-data-note">
          Sample data goes into its own database, <code>demo</code>; it never changes which database answers requests without{' '}
          <code>db_id</code>.
        </p>
        {sample.isError && <RequestError error={sample.error} retry={() => sample.mutate()} compact />}
      </div>

      <div className={styles.firstRunGrid}>
        <div className={styles.feature}>
          <div className={styles.featureIcon}>
            <Icon name="list" size={16} />
          </div>
          <h3>Run browser</h3>
          <p>Sessions, runs, messages, tool calls, events, metrics and media — read through the HTTP API, as a chosen token sees them. New runs appear live.</p>
        </div>
        <div className={styles.feature}>
          <div className={styles.featureIcon}>
            <Icon name="key" size={16} />
          </div>
          <h3>Token workbench</h3>
          <p>
            Mint test tokens, paste tokens from Auth0, Okta, Entra ID or Keycloak, and see exactly why a request would pass or fail.
          </p>
        </div>
        <div className={styles.feature}>
          <div className={styles.featureIcon}>
            <Icon name="database" size={16} />
          </div>
          <h3>Your agents’ data</h3>
          <p>Attach the SQLite file your Agno agent writes with <code>SqliteDb</code> (read-only if you like), or post runs to <code>POST /sessions/&#123;id&#125;/runs</code>.</p>
        </div>
      </div>

      <div className={styles.firstRunSnippet}>
        <div className={styles.snippetHead}>
          <span>Fetch a run from a script</span>
          <CopyButton text={curl} label="Copy command" icon />
        </div>
        <pre className={textStyles.code}>{curl}</pre>
      </div>
    </div>
  );
}
