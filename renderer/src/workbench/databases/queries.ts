import { deskQueries } from '../../api';

/** The attached databases: the run browser's picker and this page read one query (`['desk', 'databases']`). */
export const databaseQueries = {
  all: () => deskQueries.databases().queryKey,
  list: () => deskQueries.databases(),
};
