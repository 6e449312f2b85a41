import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import * as desk from '../desk';
import { DESK_ACTOR } from '../../auth/acting-as';
import { comparePeople, sessionOfPath } from '../../lib/compare-people';
import { getSession, listSessions, requestAs } from '../platform';
import type { Body } from '../routes';
import { platformKeys } from '../sessions/queries';
import type { MintRequest } from '../../api-types/shapes';
import { deskQueries } from './queries';

/**
 * What depends on the auth layer: its settings, the keys' trusted flags, the mapping lint,
 * every inspect verdict and route matrix, and every platform answer (which the layer gates).
 */
export function invalidateAuthDependents(qc: QueryClient): Promise<unknown> {
  return Promise.all(
    [deskQueries.settingsAll(), deskQueries.keysAll(), deskQueries.inspectAll(), deskQueries.matrixAll(), platformKeys.all()].map((queryKey) =>
      qc.invalidateQueries({ queryKey }),
    ),
  );
}

/** Attaching, detaching or pinning a database changes the list, the settings' `databases`, and what `db_id` reads. */
function afterDatabaseChange(qc: QueryClient): Promise<unknown> {
  return Promise.all(
    [deskQueries.databases().queryKey, deskQueries.settingsAll(), platformKeys.all()].map((queryKey) => qc.invalidateQueries({ queryKey })),
  );
}

/** A compare-view slot: who, and the token to send as. */
export interface Persona {
  label: string;
  token: string;
}

/** Every desk mutation, keyed under `['desk', ...]` beside the queries it changes. */
export const deskMutations = {
  /** PUT the whole settings object; a 422 carries `issues` the form shows beside each field. */
  saveSettings: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...deskQueries.settingsAll(), 'save'] as const,
      mutationFn: (settings: Body<'put', '/desk/settings'>) => desk.putSettings(settings),
      onSuccess: async (envelope) => {
        qc.setQueryData(deskQueries.settings().queryKey, envelope);
        // `databases` is part of the settings object.
        await Promise.all([invalidateAuthDependents(qc), qc.invalidateQueries({ queryKey: deskQueries.databases().queryKey })]);
      },
    }),
  /** Generates the provider's offline fixture (key pair + JWKS); applying also rewrites the settings. */
  presetFixture: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...deskQueries.settingsAll(), 'preset-fixture'] as const,
      mutationFn: (v: { name: Parameters<typeof desk.presetFixture>[0]; apply: boolean }) => desk.presetFixture(v.name, v.apply),
      onSuccess: () => invalidateAuthDependents(qc),
    }),

  // Key changes rewrite the trusted JWKS the auth layer reads, so verdicts change too.
  generateKey: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...deskQueries.keysAll(), 'generate'] as const,
      mutationFn: (alg: Parameters<typeof desk.generateKey>[0]) => desk.generateKey(alg),
      onSuccess: () => invalidateAuthDependents(qc),
    }),
  importKey: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...deskQueries.keysAll(), 'import'] as const,
      mutationFn: (body: Parameters<typeof desk.importKey>[0]) => desk.importKey(body),
      onSuccess: () => invalidateAuthDependents(qc),
    }),
  setKeyTrusted: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...deskQueries.keysAll(), 'trust'] as const,
      mutationFn: (v: { kid: string; trusted: boolean; confirm?: boolean }) => desk.setKeyTrusted(v.kid, v.trusted, v.confirm),
      onSuccess: () => invalidateAuthDependents(qc),
    }),
  removeKey: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...deskQueries.keysAll(), 'remove'] as const,
      mutationFn: (v: { kid: string; confirm?: boolean }) => desk.deleteKey(v.kid, v.confirm),
      onSuccess: () => invalidateAuthDependents(qc),
    }),

  attachDatabase: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...deskQueries.databases().queryKey, 'attach'] as const,
      mutationFn: (body: Parameters<typeof desk.attachDatabase>[0]) => desk.attachDatabase(body),
      onSuccess: () => afterDatabaseChange(qc),
    }),
  /** `default_database`: the database that answers requests without db_id (`null`: rundesk's rule). */
  answerWithoutDbId: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...deskQueries.databases().queryKey, 'default'] as const,
      mutationFn: async (id: string | null) => {
        const envelope = await desk.getSettings();
        return desk.putSettings({ ...(envelope.file_settings ?? envelope.settings), default_database: id });
      },
      onSuccess: () => afterDatabaseChange(qc),
    }),
  detachDatabase: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...deskQueries.databases().queryKey, 'detach'] as const,
      mutationFn: (id: string) => desk.detachDatabase(id),
      onSuccess: () => afterDatabaseChange(qc),
    }),

  /** Minting changes no server state (the key already exists), so nothing is invalidated. */
  /** A token's signature checked against a pasted key; changes nothing on the server. */
  verifyWithKey: () =>
    mutationOptions({
      mutationKey: [...deskQueries.all(), 'verify-with-key'] as const,
      mutationFn: (body: { token: string; key: string }) => desk.verifyWithKey(body),
    }),
  mint: () =>
    mutationOptions({
      mutationKey: [...deskQueries.all(), 'mint'] as const,
      mutationFn: (body: MintRequest) => desk.mint(body),
    }),
  /**
   * User A, user B and an admin, minted with the settings' admin scope, for the compare view.
   * A and B are users who own sessions in the data the path reads (the desk view knows them),
   * holding the read scopes plus the one the request's deciding mapping asks for.
   */
  mintPersonas: () =>
    mutationOptions({
      mutationKey: [...deskQueries.all(), 'mint', 'personas'] as const,
      mutationFn: async ({ adminScope, method, path }: { adminScope: string | undefined; method?: string; path: string }): Promise<Persona[]> => {
        const read = ['sessions:read', 'agents:read', 'teams:read', 'workflows:read'];
        const target = sessionOfPath(path);
        const loc = { db: target.db, table: target.table };
        const [owned, listed] = await Promise.all([
          target.sessionId ? getSession(DESK_ACTOR, target.sessionId, undefined, loc).then((s) => s.user_id, () => null) : Promise.resolve(null),
          listSessions(DESK_ACTOR, { ...loc, limit: 100 }).then((p) => p.data.map((s) => s.user_id), () => []),
        ]);
        const [a, b] = comparePeople(owned, listed);
        // Custom mappings may ask other scopes for this request: the auth layer names them, and the
        // users carry every one (a mapping's scopes are all needed, as on the platform), so what
        // differs between them is whose rows they see, not a 403.
        const probe = await desk.mint({ sub: a, scopes: read, ttl: 60 });
        const verdict = await desk.inspect({ token: probe.token, method: method ?? 'GET', path }).catch(() => null);
        const needed = verdict?.status === 403 ? verdict.required_scopes : [];
        const userScopes = [...read, ...needed.filter((s) => !read.includes(s))];
        const people = [
          { label: `user A (${a})`, sub: a, scopes: userScopes },
          { label: `user B (${b})`, sub: b, scopes: userScopes },
          { label: 'admin', sub: 'admin', scopes: [adminScope ?? 'platform:admin'] },
        ];
        const minted = await Promise.all(people.map((p) => desk.mint({ sub: p.sub, scopes: p.scopes, ttl: 3600 })));
        return minted.map((m, i) => ({ label: people[i]?.label ?? '', token: m.token }));
      },
    }),
  /**
   * Sends one platform request as each token (an empty token gives no result). A read, but
   * user-triggered and possibly a write (POST/DELETE), so it runs as a mutation.
   */
  compare: () =>
    mutationOptions({
      mutationKey: ['platform', 'compare'] as const,
      mutationFn: (req: { method: Parameters<typeof requestAs>[1]; path: string; tokens: string[] }) =>
        Promise.all(req.tokens.map((t) => (t ? requestAs(t, req.method, req.path) : Promise.resolve(undefined)))),
    }),

  /** Writes sample sessions into the default database; every list and count changes. */
  sampleData: (qc: QueryClient) =>
    mutationOptions({
      mutationKey: [...deskQueries.all(), 'sample-data'] as const,
      mutationFn: () => desk.loadSampleData(),
      onSuccess: async () => {
        await Promise.all([qc.invalidateQueries({ queryKey: platformKeys.all() }), qc.invalidateQueries({ queryKey: deskQueries.databases().queryKey })]);
      },
    }),
};
