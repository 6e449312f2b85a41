import { NotImplementedError } from '../../errors.js';

/** The 501 of a route rundesk forwards, when there is nowhere to forward it: names the setting. */
export function upstreamNotSet(routeKey: string): NotImplementedError {
  return new NotImplementedError(
    `${routeKey} is performed by the developer's AgentOS, and upstream.url is not set: set upstream.url (Settings, rundesk serve --upstream URL, or env RUNDESK_UPSTREAM) to it, e.g. http://127.0.0.1:7778`,
  );
}

/** The upstream to forward to, from the settings in force; `null` when `upstream.url` is not set. */
export function upstreamTarget(upstream: { url: string | null; timeout_seconds: number }): { url: string; timeoutSeconds: number } | null {
  if (upstream.url === null) return null;
  // `http://host:7778/` and `http://host:7778` are the same AgentOS; paths are joined after it.
  return { url: upstream.url.replace(/\/+$/, ''), timeoutSeconds: upstream.timeout_seconds };
}
