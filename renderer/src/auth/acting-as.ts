import { useSyncExternalStore } from 'react';
import { DEFAULT_CLAIM_NAMES, decodeJwt, expiryOf, scopesOf, userIdOf, type ClaimNames } from '../lib/jwt';
import { onStorageChange, readJson, writeJson } from '../platform/storage';

/**
 * "Acting as": how the run browser reads the store.
 *
 * By default it reads through the desk's view of the store ("Desk view: everything"), which does
 * not depend on which keys the platform API trusts: browsing is never locked out. Picking a
 * token turns on a lens: the same requests go through the platform API with that bearer token,
 * as a client holding it would see them.
 *
 * A small store persisted in localStorage: a list of named tokens (minted in the token workshop
 * or pasted from an identity provider) and the current one (`null`: the desk view). Every window
 * of the UI shares it (storage events keep them in sync).
 *
 * @example
 * // Token workshop, after minting:
 * const entry = addToken({ label: 'alice read-only', token, source: 'minted' });
 * setCurrent(entry.id);
 *
 * // Any component:
 * const { actor, tokens } = useActingAs();
 */

export type TokenSource = 'minted' | 'pasted';

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

/**
 * What platform queries need: how to read, and a short stable key for query caches (it tells
 * readers apart without putting a whole token in a query key).
 */
export type Actor =
  /** The desk's view of the store: everything, whatever keys the JWT layer trusts. */
  | { via: 'desk'; key: 'desk'; label: string }
  /** A lens: the platform API with this bearer token. */
  | { via: 'bearer'; key: string; label: string; token: string };

export const DESK_VIEW_LABEL = 'Desk view: everything';
export const DESK_ACTOR: Actor = { via: 'desk', key: 'desk', label: DESK_VIEW_LABEL };

const STORAGE_KEY = 'rundesk.acting-as.v1';
const EMPTY: ActingAsState = { tokens: [], currentId: null };

function isStoredToken(t: unknown): t is ActingAsToken {
  if (!t || typeof t !== 'object') return false;
  const e = t as Partial<ActingAsToken>;
  // Earlier versions kept an auto-minted admin token ('auto'); the desk view replaces it.
  return typeof e.id === 'string' && typeof e.token === 'string' && typeof e.label === 'string' && (e.source === 'minted' || e.source === 'pasted');
}

/** The stored state as read back from localStorage, whatever an earlier version or a hand edit left there. */
export function parseStoredState(raw: unknown): ActingAsState {
  if (!raw || typeof raw !== 'object' || !Array.isArray((raw as ActingAsState).tokens)) return EMPTY;
  const { tokens: stored, currentId: storedCurrent } = raw as ActingAsState;
  const tokens = stored.filter(isStoredToken);
  const currentId = tokens.some((t) => t.id === storedCurrent) ? storedCurrent : null;
  return { tokens, currentId };
}

function load(): ActingAsState {
  return parseStoredState(readJson<unknown>(STORAGE_KEY, EMPTY));
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
  emit({ ...state, tokens: [...state.tokens, entry] });
  return entry;
}

/** Makes the token with this id the lens the UI reads through; `null` goes back to the desk view. Unknown ids are ignored. */
export function setCurrent(id: string | null): void {
  if ((id !== null && !state.tokens.some((t) => t.id === id)) || state.currentId === id) return;
  emit({ ...state, currentId: id });
}

/** Forgets a token; removing the current one goes back to the desk view. */
export function removeToken(id: string): void {
  const tokens = state.tokens.filter((t) => t.id !== id);
  const currentId = state.currentId === id ? null : state.currentId;
  emit({ tokens, currentId });
}

export function currentToken(s: ActingAsState = state): ActingAsToken | null {
  return s.tokens.find((t) => t.id === s.currentId) ?? null;
}

/**
 * A label from the token's user id, e.g. `alice`. Scopes are not baked into the label: they are
 * shown from the token itself, read with the claim names in force at the time.
 */
export function defaultLabel(token: string, names: ClaimNames = DEFAULT_CLAIM_NAMES): string {
  const decoded = decodeJwt(token);
  if (!decoded) return 'pasted token';
  return userIdOf(decoded.claims, names.user_id_claim) ?? 'token';
}

export interface TokenFacts {
  sub: string | null;
  scopes: string[];
  /** Epoch seconds. */
  exp: number | null;
  expired: boolean;
  decodable: boolean;
}

/** What the UI shows about a token (decoded locally, not verified), read with the configured claim names. */
export function tokenFacts(token: string, names: ClaimNames = DEFAULT_CLAIM_NAMES, nowMs = Date.now()): TokenFacts {
  const decoded = decodeJwt(token);
  if (!decoded) return { sub: null, scopes: [], exp: null, expired: false, decodable: false };
  const exp = expiryOf(decoded.claims);
  return {
    sub: userIdOf(decoded.claims, names.user_id_claim),
    scopes: scopesOf(decoded.claims, names.scopes_claim),
    exp,
    expired: exp !== null && exp * 1000 <= nowMs,
    decodable: true,
  };
}

export function actorOf(entry: ActingAsToken | null): Actor {
  if (!entry) return DESK_ACTOR;
  return { via: 'bearer', token: entry.token, key: `bearer:${entry.token.slice(-20)}`, label: entry.label };
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
