import { createForwarder, type Forwarder } from './forwarder.js';

/** Everything the gateway to the developer's AgentOS holds for one server. */
export interface Gateway {
  readonly forwarder: Forwarder;
  close(): void;
}

export function createGateway(): Gateway {
  const forwarder = createForwarder();
  return {
    forwarder,
    close() {
      forwarder.close();
    },
  };
}
