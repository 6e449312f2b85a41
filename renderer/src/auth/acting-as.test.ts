import { beforeEach, describe, expect, it } from 'vitest';
import { __resetActingAsForTests, actorOf, addToken, currentToken, defaultLabel, DESK_ACTOR, getActingAsState, parseStoredState, removeToken, setCurrent, tokenFacts } from './acting-as';

function jwt(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}.sig`;
}

describe('acting-as store', () => {
  beforeEach(() => __resetActingAsForTests());

  it('reads through the desk view until a token is picked, and goes back to it', () => {
    expect(currentToken()).toBeNull();
    expect(actorOf(currentToken())).toEqual(DESK_ACTOR);
    const a = addToken({ label: 'admin', token: jwt({ sub: 'admin' }), source: 'minted' });
    const b = addToken({ label: 'alice', token: jwt({ sub: 'alice' }) });
    // Adding a token (minting, pasting) does not switch the lens on by itself.
    expect(currentToken()).toBeNull();
    setCurrent(b.id);
    expect(currentToken()?.label).toBe('alice');
    expect(actorOf(currentToken())).toMatchObject({ via: 'bearer', token: b.token, label: 'alice' });
    setCurrent(a.id);
    setCurrent(null);
    expect(actorOf(currentToken())).toEqual(DESK_ACTOR);
  });

  it('ignores unknown ids', () => {
    const a = addToken({ label: 'a', token: jwt({ sub: 'a' }) });
    setCurrent(a.id);
    setCurrent('nope');
    expect(currentToken()?.id).toBe(a.id);
  });

  it('deduplicates the same token and strips a Bearer prefix', () => {
    const t = jwt({ sub: 'x' });
    const a = addToken({ label: 'one', token: t });
    const b = addToken({ label: 'two', token: `Bearer ${t}` });
    expect(b.id).toBe(a.id);
    expect(getActingAsState().tokens).toHaveLength(1);
    expect(getActingAsState().tokens[0]!.label).toBe('two');
  });

  it('goes back to the desk view when the current token is removed, keeping the others', () => {
    const a = addToken({ label: 'a', token: jwt({ sub: 'a' }) });
    const b = addToken({ label: 'b', token: jwt({ sub: 'b' }) });
    setCurrent(a.id);
    removeToken(a.id);
    expect(currentToken()).toBeNull();
    expect(getActingAsState().tokens.map((t) => t.id)).toEqual([b.id]);
  });

  it('decodes facts and labels from claims', () => {
    const t = jwt({ sub: 'alice', scopes: ['sessions:read', 'agents:read'], exp: 1000 });
    expect(tokenFacts(t, undefined, 2_000_000)).toMatchObject({ sub: 'alice', scopes: ['sessions:read', 'agents:read'], exp: 1000, expired: true });
    expect(defaultLabel(t)).toBe('alice');
    expect(tokenFacts('opaque').decodable).toBe(false);
  });

  it('When the settings read scopes from realm_access.roles (Keycloak), Then the facts show those roles, not the OIDC scope claim', () => {
    const keycloak = jwt({ sub: 'kc-1', preferred_username: 'alice', scope: 'openid profile email', realm_access: { roles: ['sessions:read'] } });
    const names = { scopes_claim: 'realm_access.roles', user_id_claim: 'preferred_username' };
    expect(tokenFacts(keycloak, names)).toMatchObject({ sub: 'alice', scopes: ['sessions:read'] });
    expect(defaultLabel(keycloak, names)).toBe('alice');
    // Read with the defaults, the same token grants nothing: `scope` is not the configured claim.
    expect(tokenFacts(keycloak).scopes).toEqual([]);
  });

  it('drops the auto-minted admin token earlier versions stored, and what is not a token', () => {
    const kept = { id: 'k', label: 'alice', token: jwt({ sub: 'alice' }), source: 'pasted', addedAt: 1 };
    const auto = { id: 'a', label: 'Admin (auto)', token: jwt({ sub: 'rundesk-admin' }), source: 'auto', addedAt: 1 };
    expect(parseStoredState({ tokens: [auto, kept, { id: 3 }, null], currentId: 'a' })).toEqual({ tokens: [kept], currentId: null });
    expect(parseStoredState({ tokens: [auto, kept], currentId: 'k' })).toEqual({ tokens: [kept], currentId: 'k' });
    expect(parseStoredState('garbage')).toEqual({ tokens: [], currentId: null });
  });
});
