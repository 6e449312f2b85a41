import pg from 'pg';
import type { SettingsInput } from '../settings/schema.js';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.js';
import { startTestServer, type TestServer } from './server-harness.js';

/** A throwaway cluster, a client connected to it and a test server reading databases in it. */
export interface PostgresTestServer {
  cluster: PostgresCluster;
  client: pg.Client;
  t: TestServer;
  /** Stops the server, ends the client and removes the cluster. */
  stop(): Promise<void>;
}

/**
 * The setup the PostgreSQL suites share: starts a cluster, connects a client, runs `prepare`
 * (schemas and rows, through `client` or `url`), then starts a test server with
 * `settings(url)`. When a step fails, what was started is stopped before the error is
 * rethrown, so a suite whose setup fails leaves no cluster running.
 *
 * @example
 * ({ t, client, stop } = await startPostgresTestServer(bin, {
 *   prepare: (url) => buildAgnoPostgres(url, [], { schema: 'p2' }),
 *   settings: (url) => ({ databases: [{ id: 'p2', url, schema: 'p2', read_only: false }] }),
 * }));
 */
export async function startPostgresTestServer(
  bin: string,
  setup: { prepare: (url: string, client: pg.Client) => Promise<void>; settings: (url: string) => SettingsInput },
): Promise<PostgresTestServer> {
  const cluster = await startPostgresCluster(bin);
  let client: pg.Client | undefined;
  let t: TestServer | undefined;
  const stop = async (): Promise<void> => {
    try {
      await t?.stop();
      await client?.end();
    } finally {
      cluster.stop();
    }
  };
  try {
    client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    await setup.prepare(cluster.url, client);
    t = await startTestServer(setup.settings(cluster.url));
    return { cluster, client, t, stop };
  } catch (err) {
    await stop().catch(() => undefined); // the setup's own error is the one worth reporting
    throw err;
  }
}
