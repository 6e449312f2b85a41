import type { IncomingHttpHeaders } from 'node:http';
import type { AuthDecision } from '../auth/types.js';
import { requestSlot } from '../request-slot.js';

/**
 * The auth layer's decision for a request, kept beside it for whoever reports on the request
 * afterwards (the gateway's request log). Kept on the request's own headers object, which both
 * adapters (Express and the quick path) hand to `authorizeRequest`, so no adapter has to carry
 * it; it goes when the request does. On the object rather than in a `WeakMap` keyed by it, for
 * the reason `request-slot.ts` gives (a table of every request's headers made the young
 * collections under load copy what they hold).
 */
const NOTE = requestSlot<IncomingHttpHeaders, AuthDecision>('auth decision');

export function noteDecision(headers: IncomingHttpHeaders, decision: AuthDecision): void {
  NOTE.set(headers, decision);
}

/** The decision made for the request with these headers, if the auth layer saw it. */
export function decisionOf(headers: IncomingHttpHeaders): AuthDecision | undefined {
  return NOTE.get(headers);
}
