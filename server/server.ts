import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAuthLayer } from './auth/index.js';
import { primeAnsweringDatabases } from './db/answering.js';
import { Caches } from './runtime/caches.js';
import { createDatabaseRegistry } from './db/registry.js';
import { ensureDeskToken } from './http/desk-credential.js';
import { firstRunSettings } from './api/desk/keys/first-run.js';
import { ensureLocalKeys } from './api/desk/keys/store.js';
import { secureDataFolder } from './data-folder.js';
import { removeStaleTempFiles } from './files/atomic-write.js';
import { ConfigError } from './errors.js';
import { createRequestListener } from './compose/request-listener.js';
import { TimedResponse } from './http/timed-response.js';
import { createGateway } from './api/upstream/gateway.js';
import { redactUrl } from './http/redact-url.js';
import { upgradeListener } from './api/upstream/upgrade.js';
import { DEFAULT_SCOPE_MAPPINGS } from './api/platform/platform-routes.js';
import { answerClientError, MAX_HEADER_BYTES } from './http/client-error.js';
import { exposedHostWarning, isLoopbackHost, unvalidatedExposedHostReason } from './runtime/loopback.js';
import { createLogger } from './logging.js';
import { createRuntime } from './runtime/runtime.js';
import type { RunningServer, StartServerOptions } from './server-types.js';
import { loadSettings } from './settings/load.js';

export type { RunningServer, StartServerOptions } from './server-types.js';

/** The project root (holds package.json), from both `server/` sources and `dist/server/`. */
function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    dir = path.dirname(dir);
  }
  return process.cwd();
}

function listen(server: http.Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => {
      server.off('listening', onListening);
      reject(err);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts the whole server — settings, keys, databases, auth layer, HTTP — and answers once it
 * listens. Used by `rundesk serve`, the Electron main process and the tests (port 0).
 * Bad configuration rejects with a `ConfigError` whose message is one line.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const env = options.env ?? process.env;
  const dataDir = path.resolve(options.dataDir);
  secureDataFolder(dataDir);
  const log = createLogger(options.log);
  // A crash mid-save (kill -9) leaves our temporary beside the file it was replacing.
  for (const file of removeStaleTempFiles([dataDir, path.join(dataDir, 'keys'), path.join(dataDir, 'idp')])) {
    log.warn(`removed ${file}, left by an interrupted save`);
  }
  const deskToken = ensureDeskToken(dataDir);
  await ensureLocalKeys(dataDir);
  const loaded = loadSettings({
    configPath: options.configPath,
    dataDir,
    env,
    firstRunSettings: () => firstRunSettings(dataDir),
  });
  const host = options.host ?? loaded.settings.server.host;
  const warnings = [...loaded.warnings];
  if (!isLoopbackHost(host)) {
    if (!loaded.settings.auth.validate) throw new ConfigError(unvalidatedExposedHostReason(host));
    warnings.push(exposedHostWarning(host));
  }
  // Returned, not logged: the caller prints each once (the CLI on stderr, the desktop app to its console).

  // Every cache of this server, none shared with another server in the process.
  const caches = new Caches({ budgetMb: loaded.settings.cache_budget_mb });
  const databases = createDatabaseRegistry({
    defaultPath: path.join(dataDir, 'rundesk.db'),
    entries: loaded.settings.databases,
    nativeBinding: options.nativeBinding,
    env,
    caches,
  });
  primeAnsweringDatabases(caches.holdings, databases);
  let auth;
  try {
    auth = await createAuthLayer(loaded.settings.auth, {
      osId: loaded.settings.os_id,
      defaultScopeMappings: DEFAULT_SCOPE_MAPPINGS,
      env,
      log: (message) => log.warn(message),
      caches,
    });
  } catch (err) {
    databases.closeAll();
    throw err;
  }

  const wantedPort = options.port ?? loaded.settings.server.port;
  let bound = { host, port: wantedPort };
  const runtime = createRuntime({
    dataDir,
    deskToken,
    loaded,
    auth,
    defaultScopeMappings: DEFAULT_SCOPE_MAPPINGS,
    databases,
    caches,
    env,
    listenHost: host,
    baseUrl: () => `http://${urlHost(bound.host)}:${bound.port}`,
    log: (message) => log.warn(message),
  });
  const gateway = createGateway((url) => redactUrl(url, [deskToken]));
  const listener = createRequestListener(runtime, {
    log,
    gateway,
    address: () => bound,
    uiDir: path.join(packageRoot(), 'dist', 'renderer'),
    quickPath: options.quickPath,
    onQuickPath: options.onQuickPath,
  });
  // Node's default 16 KB header limit would refuse a large token; identity providers' tokens
  // with many groups get big, so allow more and let the auth layer decide. Beyond that, and for
  // anything else Node's parser rejects, the answer is the usual JSON error, not a bare line.
  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES, ServerResponse: TimedResponse }, listener);
  server.on('clientError', answerClientError);
  server.on('upgrade', upgradeListener(runtime, gateway.forwarder, () => bound));
  // Keep-alive sockets would hold stop() open; close idle ones as soon as stop begins.
  server.keepAliveTimeout = 5_000;

  let address: AddressInfo;
  try {
    address = await listen(server, host, wantedPort);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' && options.portFallback && wantedPort !== 0) {
      log.warn(`port ${wantedPort} is in use; using a free port instead`);
      address = await listen(server, host, 0);
    } else {
      runtime.auth().close();
      databases.closeAll();
      if (code === 'EADDRINUSE') {
        throw new ConfigError(`port ${wantedPort} on ${host} is already in use; stop the other process or choose another port: rundesk serve --port ${wantedPort === 65535 ? 0 : wantedPort + 1} (npm start -- --port ${wantedPort === 65535 ? 0 : wantedPort + 1}; 0 picks a free one)`, [], { cause: err });
      }
      if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
        throw new ConfigError(`cannot listen on ${host}: no such local address`, [], { cause: err });
      }
      if (code === 'EACCES') {
        throw new ConfigError(`not allowed to listen on ${host}:${wantedPort} (ports below 1024 need privileges)`, [], { cause: err });
      }
      throw err;
    }
  }
  bound = { host, port: address.port };
  caches.noteIdle();
  const baseUrl = runtime.baseUrl();

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      gateway.forwarder.closeTunnels();
      // In-flight requests get a moment; then the databases close regardless.
      setTimeout(() => server.closeAllConnections(), 2_000).unref();
    }).finally(() => {
      gateway.close();
      runtime.auth().close();
      databases.closeAll();
      log.flush?.();
    });
    return stopping;
  };

  return {
    baseUrl,
    host,
    port: address.port,
    loginUrl: `${baseUrl}/ui/?token=${encodeURIComponent(deskToken)}`,
    deskToken,
    warnings,
    stop,
  };
}
