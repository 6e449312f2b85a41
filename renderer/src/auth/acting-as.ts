import { useSyncExternalStore } from 'react';
import { decodeJwt, expiryOf, scopesOf } from '../lib/jwt';
import { onStorageChange, readJson, writeJson } from '../platform/storage';

/**
 * "Acting as": the bearer token the run browser sends to the platform API.
 *
 * A small store persisted in localStorage: a list of named tokens (auto-minted admin, minted in
 * the token workshop, or pasted from an identity provider) and the current one. Every window of
 * the UI shares it (storage events keep them in sync).
 *
 * @example
 * // Token workshop, after minting:
 * const entry = addToken({ label: 'alice read-only', token, source: 'minted' });
 * setCurrent(entry.id);
 *
 * // Any component:
 * const { current, tokens } = useActingAs();
 */

export type TokenSource = 'auto' | 'minted' | 'pasted';

export interface ActingAsToken {
  id: string;
  label: string;
  token: string;
  source: TokenSource;
  /** Epoch ms. */
  addedAt: number;
}

export interface ActingAsState {
  tokens: ActingAsToken[];
  currentId: string | null;
}

/** What platform queries need: the token and a short stable key for query caches. */
export interface Actor {
  token: string;
  /** Distinguishes tokens in query keys without putting the whole token there. */
  key: string;
  /**
   * How the run browser reads: `desk`, the desk's view of the store (everything, whatever keys
   * the JWT layer trusts — the default entry), or `bearer`, a lens replaying the same requests
   * through the platform API with this token, as a client holding it would see them.
   */
  via: 'desk' | 'bearer';
}

const STORAGE_KEY = 'rundesk.acting-as.v1';
const EMPTY: ActingAsState = { tokens: [], currentId: null };

function load(): ActingAsState {
  const raw = readJson<ActingAsState>(STORAGE_KEY, EMPTY);
  if (!raw || !Array.isArray(raw.tokens)) return EMPTY;
  const tokens = raw.tokens.filter(
    (t): t is ActingAsToken => !!t && typeof t.id === 'string' && typeof t.token === 'string' && typeof t.label === 'string',
  );
  const currentId = tokens.some((t) => t.id === raw.currentId) ? raw.currentId : (tokens[0]?.id ?? null);
  return { tokens, currentId };
}

let state: ActingAsState = load();
const listeners = new Set<() => void>();

function emit(next: ActingAsState, persist = true): void {
  state = next;
  if (persist) writeJson(STORAGE_KEY, next);
  for (const l of listeners) l();
}

onStorageChange(STORAGE_KEY, () => emit(load(), false));

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getActingAsState(): ActingAsState {
  return state;
}

function newId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `t-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Adds a token to the list (or returns the existing entry holding the same token, relabelled).
 * Does not make it current: call `setCurrent(entry.id)` for that.
 */
export function addToken(input: { label: string; token: string; source?: TokenSource }): ActingAsToken {
  const token = input.token.trim().replace(/^Bearer\s+/i, '');
  const label = input.label.trim() || defaultLabel(token);
  const existing = state.tokens.find((t) => t.token === token);
  if (existing) {
    const updated = { ...existing, label };
    emit({ ...state, tokens: state.tokens.map((t) => (t.id === existing.id ? updated : t)) });
    return updated;
  }
  const entry: ActingAsToken = { id: newId(), label, token, source: input.source ?? 'pasted', addedAt: Date.now() };
  emit({ tokens: [...state.tokens, entry], currentId: state.currentId ?? entry.id });
  return entry;
}

/** Makes the token with this id the one the UI acts as. Unknown ids are ignored. */
export function setCurrent(id: string): void {
  if (!state.tokens.some((t) => t.id === id) || state.currentId === id) return;
  emit({ ...state, currentId: id });
}

export function removeToken(id: string): void {
  const tokens = state.tokens.filter((t) => t.id !== id);
  const currentId = state.currentId === id ? (tokens[0]?.id ?? null) : state.currentId;
  emit({ tokens, currentId });
}

export function currentToken(s: ActingAsState = state): ActingAsToken | null {
  return s.tokens.find((t) => t.id === s.currentId) ?? null;
}

/** A label from the token's claims, e.g. `alice · 2 scopes`. */
export function defaultLabel(token: string): string {
  const decoded = decodeJwt(token);
  if (!decoded) return 'pasted token';
  const sub = typeof decoded.claims.sub === 'string' ? decoded.claims.sub : 'token';
  const n = scopesOf(decoded.claims).length;
  return `${sub} · ${n} scope${n === 1 ? '' : 's'}`;
}

export interface TokenFacts {
  sub: string | null;
  scopes: string[];
  /** Epoch seconds. */
  exp: number | null;
  expired: boolean;
  decodable: boolean;
}

/** What the UI shows about a token (decoded locally, not verified). */
export function tokenFacts(token: string, nowMs = Date.now()): TokenFacts {
  const decoded = decodeJwt(token);
  if (!decoded) return { sub: null, scopes: [], exp: null, expired: false, decodable: false };
  const exp = expiryOf(decoded.claims);
  return {
    sub: typeof decoded.claims.sub === 'string' ? decoded.claims.sub : null,
    scopes: scopesOf(decoded.claims),
    exp,
    expired: exp !== null && exp * 1000 <= nowMs,
    decodable: true,
  };
}

export function actorOf(entry: ActingAsToken | null): Actor | null {
  if (!entry) return null;
  const via = entry.source === 'auto' ? 'desk' : 'bearer';
  return { token: entry.token, key: `${via}:${entry.token.slice(-20)}`, via };
}

/**
 * The acting-as store as React state.
 *
 * @example
 * const { current, actor, tokens, setCurrent } = useActingAs();
 */
export function useActingAs() {
  const s = useSyncExternalStore(subscribe, getActingAsState, getActingAsState);
  const current = currentToken(s);
  return {
    tokens: s.tokens,
    current,
    actor: actorOf(current),
    addToken,
    setCurrent,
    removeToken,
  };
}

/** Test hook: replaces the state (not persisted). */
export function __resetActingAsForTests(next: ActingAsState = EMPTY): void {
  emit(next, false);
}
