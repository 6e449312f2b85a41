import type { RequestHandler } from 'express';
import { ForbiddenError } from '../errors.js';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Whether a `Host` header names this server: a loopback name (or the bound host) with this
 * port. Anything else may be a DNS-rebinding attack — a page on evil.example resolving its name
 * to 127.0.0.1 — so it is refused.
 *
 * @example isAllowedHost('localhost:7777', 7777, '127.0.0.1') // true
 */
export function isAllowedHost(host: string | undefined, port: number, boundHost: string): boolean {
  if (!host) return false;
  return allowedHosts(port, boundHost).has(host.toLowerCase());
}

/**
 * The `Host` values that name this server, for the last port and bound host asked about (one
 * server's never change while it runs). Every request is checked, so they are built once rather
 * than as a set and strings per request.
 */
let allowed: { port: number; boundHost: string; hosts: ReadonlySet<string> } | null = null;

function allowedHosts(port: number, boundHost: string): ReadonlySet<string> {
  if (allowed?.port === port && allowed.boundHost === boundHost) return allowed.hosts;
  const names = new Set(LOOPBACK_NAMES);
  if (boundHost && boundHost !== '0.0.0.0' && boundHost !== '::') {
    names.add(boundHost.includes(':') && !boundHost.startsWith('[') ? `[${boundHost}]` : boundHost);
  }
  const hosts = new Set<string>();
  for (const name of names) {
    hosts.add(`${name}:${port}`);
    // Port 80 may be left out of the Host header.
    if (port === 80) hosts.add(name);
  }
  allowed = { port, boundHost, hosts };
  return hosts;
}

export function hostGuard(address: () => { port: number; host: string }): RequestHandler {
  return (req, _res, next) => {
    const { port, host } = address();
    if (isAllowedHost(req.headers.host, port, host)) {
      next();
      return;
    }
    next(new ForbiddenError(`Host "${req.headers.host ?? ''}" is not allowed; use http://127.0.0.1:${port} (DNS rebinding protection)`));
  };
}
