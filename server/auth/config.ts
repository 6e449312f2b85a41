import { ConfigError, type FieldIssue } from '../errors.js';
import { formatIssues } from '../settings/load.js';
import type { AuthSettings } from '../settings/schema.js';
import { compileExcludedPaths, type ExcludedPath } from './excluded-paths.js';
import { prepareStaticKey } from './key-material.js';
import type { ScopeTable } from './default-scope-mappings.js';
import { buildMappingTable, type MappingTable } from './scope-mappings.js';
import type { StaticKey } from './verifier.js';

/** The parts of the auth settings that are compiled once per layer. */
export interface CompiledAuthConfig {
  settings: AuthSettings;
  authorizationEnabled: boolean;
  expectedAudiences: string[];
  table: MappingTable;
  excluded: ExcludedPath[];
  staticKeys: StaticKey[];
}

/** `authorization: null` switches on when `scope_mappings` is given. */
export function authorizationEnabled(auth: Pick<AuthSettings, 'authorization' | 'scope_mappings'>): boolean {
  return auth.authorization ?? (auth.scope_mappings !== null && auth.scope_mappings !== undefined);
}

/** `audience` defaults to the service's own id. */
export function expectedAudiences(auth: Pick<AuthSettings, 'audience'>, osId: string): string[] {
  if (auth.audience === null || auth.audience === undefined) return [osId];
  return typeof auth.audience === 'string' ? [auth.audience] : [...auth.audience];
}

/**
 * Checks and compiles everything that does not touch the file system or network: route
 * patterns, excluded paths and static keys. Every problem becomes one `ConfigError`
 * whose message is a single line naming the setting.
 */
export async function compileAuthConfig(auth: AuthSettings, osId: string, defaultScopes: ScopeTable): Promise<CompiledAuthConfig> {
  const issues: FieldIssue[] = [];
  const { table, issues: mappingIssues } = buildMappingTable(auth.scope_mappings, defaultScopes, auth.scope_matching);
  const { paths: excluded, issues: excludedIssues } = compileExcludedPaths(auth.excluded_route_paths);
  issues.push(...mappingIssues, ...excludedIssues);

  const staticKeys: StaticKey[] = [];
  const texts: { text: string; source: 'verification_keys' | 'secret_key'; index: number | null; path: string }[] = [
    ...(auth.verification_keys ?? []).map((text, i) => ({
      text,
      source: 'verification_keys' as const,
      index: i,
      path: `auth.verification_keys[${i}]`,
    })),
  ];
  // The deprecated secret_key joins the keys (the settings loader warns about it).
  if (auth.secret_key && !(auth.verification_keys ?? []).includes(auth.secret_key)) {
    texts.push({ text: auth.secret_key, source: 'secret_key', index: null, path: 'auth.secret_key' });
  }
  for (const t of texts) {
    const prepared = await prepareStaticKey(t.text, auth.algorithm);
    if (prepared.ok) staticKeys.push({ ref: { source: t.source, index: t.index, kid: null }, key: prepared.key });
    else issues.push({ path: t.path, message: prepared.message });
  }

  if (issues.length > 0) {
    throw new ConfigError(`invalid auth settings: ${formatIssues(issues)}`, issues);
  }
  return {
    settings: auth,
    authorizationEnabled: authorizationEnabled(auth),
    expectedAudiences: expectedAudiences(auth, osId),
    table,
    excluded,
    staticKeys,
  };
}
