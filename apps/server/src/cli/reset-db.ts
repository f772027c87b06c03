import { rmSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';

// Removes the embedded database so the next start migrates and seeds a fresh one.
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: reset-db only removes the embedded PGlite database.');
  process.exit(1);
}
const dir = path.join(config.dataDir, 'pglite');
rmSync(dir, { recursive: true, force: true });
console.log(`Removed ${dir}. The next start seeds the demo provider again.`);
