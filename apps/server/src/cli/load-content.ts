import path from 'node:path';
import { loadConfig } from '../config';
import { paths } from '../paths';
import { openDatabase } from '../db/open';
import { ContentError, loadContent } from '../modules/content/load-content';

// npm run content:load -- [DIR]: loads news posts, legal pages and support guides from Markdown files
// (default ./content); see docs/decisions/009. Running it again changes nothing.
const dir = path.resolve(process.argv[2] ?? paths.content);
const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
try {
  const loaded = await loadContent(database.db, dir);
  console.log(
    `Loaded ${loaded.posts} posts, ${loaded.pages} pages and ${loaded.guides} guides from ${dir}.`,
  );
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  console.error(`Nothing loaded: ${error.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
