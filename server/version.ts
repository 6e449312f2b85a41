import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The package version, read once from package.json (two levels up from both src and dist). */
function readVersion(): string {
  for (const candidate of ['../package.json', '../../package.json']) {
    try {
      const pkg = require(candidate) as { name?: string; version?: string };
      if (pkg.name === 'rundesk' && pkg.version) return pkg.version;
    } catch {
      // try the next location
    }
  }
  return '0.0.0';
}

export const RUNDESK_VERSION = readVersion();
/** As the platform's: the published interface description carries this version. */
export const API_DESCRIPTION_VERSION = '2.5.6';
