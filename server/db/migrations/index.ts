import type { Migration } from '../migrate.js';
import { migration as init } from './0001_init.js';

/** Every migration of the default database, oldest first. Append only. */
export const MIGRATIONS: readonly Migration[] = [init];
