import type { IncomingHttpHeaders } from 'node:http';
import type { AuthDecision } from '../auth/types.js';

/**
 * The auth layer's decision for a request, kept beside it for whoever reports on the request
 * afterwards (the gateway's request log). Keyed by the request's own headers object, which both
 * adapters (Express and the quick path) hand to `authorizeRequest`, so no adapter has to carry
 * it; the entry goes when the request does.
 */
const notes = new WeakMap<IncomingHttpHeaders, AuthDecision>();

export function noteDecision(headers: IncomingHttpHeaders, decision: AuthDecision): void {
  notes.set(headers, decision);
}

/** The decision made for the request with these headers, if the auth layer saw it. */
export function decisionOf(headers: IncomingHttpHeaders): AuthDecision | undefined {
  return notes.get(headers);
}
