import { createForwarder, type Forwarder } from './forwarder.js';
import { createLiveRuns, type LiveRuns } from './live-runs.js';
import { createRequestLog, type RequestLog } from './request-log.js';

/** Everything the gateway to the developer's AgentOS holds for one server. */
export interface Gateway {
  readonly forwarder: Forwarder;
  /** Every platform request through rundesk (the requests page). */
  readonly requests: RequestLog;
  /** The runs streamed through rundesk, as they arrive. */
  readonly liveRuns: LiveRuns;
  close(): void;
}

/** `redact` cleans a request URL before it is kept (the desk token never lands in the log). */
export function createGateway(redact: (url: string) => string = (u) => u): Gateway {
  const forwarder = createForwarder();
  return {
    forwarder,
    requests: createRequestLog(500, redact),
    liveRuns: createLiveRuns(50),
    close() {
      forwarder.close();
    },
  };
}
