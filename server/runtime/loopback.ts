import net from 'node:net';

/**
 * Whether binding `host` keeps rundesk on this machine: `localhost`, 127.0.0.0/8 or ::1.
 * Anything else (0.0.0.0, ::, a LAN address, a hostname) can be reached from other machines.
 *
 * @example isLoopbackHost('0.0.0.0') // false
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost') return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  if (net.isIPv6(bare)) return bare === '::1' || /^::ffff:127\./.test(bare);
  return false;
}

/** The startup warning for a host other machines can reach. */
export function exposedHostWarning(host: string): string {
  return `listening on ${host}, which other machines can reach: only the JWT layer and the desk token protect rundesk there (use --host 127.0.0.1 to keep it local)`;
}

/** Why `validate: false` is refused on such a host. */
export function unvalidatedExposedHostReason(host: string): string {
  return `auth.validate is false (any token is accepted), so rundesk will not listen on ${host}, which other machines can reach; use --host 127.0.0.1 or turn validation on`;
}
