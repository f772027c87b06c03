import path from 'node:path';
import type { Config } from '../config';
import type { Database } from './client';
import { openPglite, openPostgres } from './client';

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite persisted under the data folder. */
export function openDatabase(config: Config): Promise<Database> | Database {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolSize);
  return openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}
