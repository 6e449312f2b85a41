export { ensureLocalKeys, localTrustedJwksPath, LocalKeys, keysDir, type KeyRecord, type SigningKey, type Jwks } from './store.js';
export { firstRunSettings } from './first-run.js';
