import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the server finds its files, the same from the sources (tsx runs src/*.ts) and from the
 * compiled bundle (node dist/server.js; docs/decisions/048). Both are one folder below the
 * server's root: `apps/server` in a checkout, the release folder in a release. This module must
 * stay at the top of src/: in the bundle `import.meta.url` is dist/server.js (or a chunk beside it).
 *
 * A release (scripts/release.sh) holds `release.json` at its root, and beside dist/ its own
 * drizzle/ (migrations), content/ (brands, business files, pages), web/ (the web build) and data/.
 * A checkout keeps migrations in apps/server/drizzle and the rest at the repository's root
 * (apps/web/dist for the web build).
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isRelease = existsSync(path.join(serverRoot, 'release.json'));
const appRoot = isRelease ? serverRoot : path.resolve(serverRoot, '../..');

export const paths = {
  /** Whether this is a release folder (scripts/release.sh), not a checkout. */
  isRelease,
  /** The folder holding content/ and data/: the release folder, or the repository's root. */
  appRoot,
  migrations: path.join(serverRoot, 'drizzle'),
  content: path.join(appRoot, 'content'),
  webDist: isRelease ? path.join(appRoot, 'web') : path.join(appRoot, 'apps/web/dist'),
  /** The staff console's build (apps/console, served at /console/). */
  consoleDist: isRelease ? path.join(appRoot, 'console') : path.join(appRoot, 'apps/console/dist'),
  data: path.join(appRoot, 'data'),
};
