/** Decodes a query-string component (`+` is a space), or `null` when it is malformed. */
function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * Whether a query parameter name is `token` however it is spelled: any case, percent-encoded
 * any number of times (`%74oken`, `%2574oken`), or malformed (redacting too much is harmless).
 */
function isTokenName(raw: string): boolean {
  let name = raw;
  for (let i = 0; i < 4; i += 1) {
    if (name.toLowerCase() === 'token') return true;
    const decoded = decodeComponent(name);
    if (decoded === null) return true;
    if (decoded === name) return false;
    name = decoded;
  }
  return true;
}

/**
 * A request URL fit for the log: the value of every `token` query parameter (the desk login
 * link's credential) replaced by `[redacted]`, whatever encoding the name arrives in, and any
 * other occurrence of a `secrets` value (the desk token itself, pasted elsewhere) as well.
 *
 * @example
 * redactUrl('/ui/?%74oken=abc&x=1') // '/ui/?%74oken=[redacted]&x=1'
 */
export function redactUrl(url: string, secrets: readonly string[] = []): string {
  let out = url;
  const q = url.indexOf('?');
  if (q >= 0) {
    const hash = url.indexOf('#', q);
    const query = url.slice(q + 1, hash < 0 ? undefined : hash);
    const redacted = query
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        const name = eq < 0 ? pair : pair.slice(0, eq);
        return isTokenName(name) ? `${name}=[redacted]` : pair;
      })
      .join('&');
    out = `${url.slice(0, q + 1)}${redacted}${hash < 0 ? '' : url.slice(hash)}`;
  }
  for (const secret of secrets) {
    if (secret.length >= 8 && out.includes(secret)) out = out.split(secret).join('[redacted]');
  }
  return out;
}
