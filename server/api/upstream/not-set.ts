import { NotImplementedError } from '../../errors.js';

/** The 501 of a route rundesk forwards, when there is nowhere to forward it: names the setting. */
export function upstreamNotSet(routeKey: string): NotImplementedError {
  return new NotImplementedError(
    `${routeKey} is performed by the developer's AgentOS, and upstream.url is not set: set upstream.url (Settings, rundesk serve --upstream URL, or env RUNDESK_UPSTREAM) to it, e.g. http://127.0.0.1:7778`,
  );
}

type UpstreamSetting = { url: string | null; timeout_seconds: number };
type UpstreamTarget = Readonly<{ url: string; timeoutSeconds: number }>;

/** The last setting asked about and its target (asked on every forwarded request; it rarely changes). */
let last: { url: string | null; timeoutSeconds: number; target: UpstreamTarget | null } | null = null;

/** The upstream to forward to, from the settings in force; `null` when `upstream.url` is not set. */
export function upstreamTarget(upstream: UpstreamSetting): UpstreamTarget | null {
  if (last?.url === upstream.url && last.timeoutSeconds === upstream.timeout_seconds) return last.target;
  // `http://host:7778/` and `http://host:7778` are the same AgentOS; paths are joined after it.
  const target = upstream.url === null ? null : Object.freeze({ url: upstream.url.replace(/\/+$/, ''), timeoutSeconds: upstream.timeout_seconds });
  last = { url: upstream.url, timeoutSeconds: upstream.timeout_seconds, target };
  return target;
}
