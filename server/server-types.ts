/** Options of `startServer()`, shared by `rundesk serve`, the Electron main process and tests. */
export interface StartServerOptions {
  /** Holds settings.json, rundesk.db, keys/ and the desk token. Created when missing. */
  dataDir: string;
  /** `--config FILE`: settings read from there and never written. */
  configPath?: string | undefined;
  /** Override `server.host` / `server.port` from settings (`--host`, `--port`; 0 = any free port). */
  host?: string | undefined;
  port?: number | undefined;
  /** When the configured port is taken, bind a free one instead of failing (Electron does this). */
  portFallback?: boolean | undefined;
  /** Environment for the auth settings' fallbacks (`JWT_VERIFICATION_KEY`, `JWT_JWKS_FILE`). Default `process.env`. */
  env?: NodeJS.ProcessEnv | undefined;
  /** Request/structured logs go here (pino destination). `false` silences them (tests). Default stderr. */
  log?: false | NodeJS.WritableStream | undefined;
  /** Path of a better-sqlite3 `.node` binary built for this runtime (Electron's ABI). */
  nativeBinding?: string | undefined;
  /** `false` sends the quick routes through Express too (tests prove both ways answer alike). Default true. */
  quickPath?: boolean | undefined;
  /** Called per request the quick path looked at: taken (and answered, errors included), or handed to Express. */
  onQuickPath?: ((outcome: 'answered' | 'express') => void) | undefined;
}

export interface RunningServer {
  /** e.g. `http://127.0.0.1:7777` */
  baseUrl: string;
  host: string;
  port: number;
  /** `${baseUrl}/ui/?token=<desk token>`: opening it sets the desk cookie and redirects. */
  loginUrl: string;
  /** The per-install desk credential (`X-Desk-Token`). */
  deskToken: string;
  /** One line each, e.g. deprecated settings. */
  warnings: string[];
  /** Closes the HTTP server (in-flight requests finish), then the databases. Idempotent. */
  stop(): Promise<void>;
}
