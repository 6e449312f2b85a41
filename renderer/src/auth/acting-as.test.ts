import { beforeEach, describe, expect, it } from 'vitest';
import { __resetActingAsForTests, addToken, currentToken, defaultLabel, getActingAsState, removeToken, setCurrent, tokenFacts } from './acting-as';

function jwt(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}.sig`;
}

describe('acting-as store', () => {
  beforeEach(() => __resetActingAsForTests());

  it('makes the first token current and keeps later ones as choices', () => {
    const a = addToken({ label: 'admin', token: jwt({ sub: 'admin' }), source: 'auto' });
    const b = addToken({ label: 'alice', token: jwt({ sub: 'alice' }) });
    expect(currentToken()?.id).toBe(a.id);
    setCurrent(b.id);
    expect(currentToken()?.label).toBe('alice');
  });

  it('deduplicates the same token and strips a Bearer prefix', () => {
    const t = jwt({ sub: 'x' });
    const a = addToken({ label: 'one', token: t });
    const b = addToken({ label: 'two', token: `Bearer ${t}` });
    expect(b.id).toBe(a.id);
    expect(getActingAsState().tokens).toHaveLength(1);
    expect(getActingAsState().tokens[0]!.label).toBe('two');
  });

  it('falls back to another token when the current one is removed', () => {
    const a = addToken({ label: 'a', token: jwt({ sub: 'a' }) });
    const b = addToken({ label: 'b', token: jwt({ sub: 'b' }) });
    removeToken(a.id);
    expect(currentToken()?.id).toBe(b.id);
  });

  it('decodes facts and labels from claims', () => {
    const t = jwt({ sub: 'alice', scopes: ['sessions:read', 'agents:read'], exp: 1000 });
    expect(tokenFacts(t, 2_000_000)).toMatchObject({ sub: 'alice', scopes: ['sessions:read', 'agents:read'], exp: 1000, expired: true });
    expect(defaultLabel(t)).toBe('alice · 2 scopes');
    expect(tokenFacts('opaque').decodable).toBe(false);
  });
});
