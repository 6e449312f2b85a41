import type { IncomingHttpHeaders } from 'node:http';
import { DESK_COOKIE, DESK_TOKEN_HEADER } from '../../http/desk-guard.js';

/**
 * Removes the desk credential from a request about to leave for the upstream. The UI's own
 * calls to the platform API carry the desk cookie (it is set for the whole origin), and the
 * desk token unlocks this machine's settings and keys: it is rundesk's, never the agent's.
 * Every other header, `Authorization` included, is forwarded as sent.
 */
export function withoutDeskCredential(headers: IncomingHttpHeaders): void {
  delete headers[DESK_TOKEN_HEADER];
  const cookie = headers.cookie;
  if (cookie === undefined || !cookie.includes(DESK_COOKIE)) return;
  const kept = cookie
    .split(';')
    .filter((part) => part.split('=', 1)[0]?.trim() !== DESK_COOKIE)
    .join(';')
    .trim();
  if (kept === '') delete headers.cookie;
  else headers.cookie = kept;
}
