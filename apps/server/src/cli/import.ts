import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { importProblemText } from '@outpost/domain/import-rules';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import type { ImportResult } from '../modules/admin/admin-import.service';
import { dryRunImport, runImport } from '../modules/admin/admin-import.service';

/**
 * The CSV import of accounts, holders and services from the command line (docs/decisions/053):
 * the same checks and writes as POST /api/admin/v1/imports/, in batches, run here and now.
 *
 *   npm run import -- customers.csv --dry-run   (every problem by line and column; writes nothing)
 *   npm run import -- customers.csv [--invite]  (imports; --invite mails each new holder the link
 *     to set a password; the same file again continues a failed run, or changes nothing)
 */
const usage = 'Usage: npm run import -- <file.csv> [--dry-run] [--invite]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'dry-run': { type: 'boolean' }, invite: { type: 'boolean' } },
});
const [file] = positionals;
if (!file || positionals.length > 1) {
  console.error(usage);
  process.exit(1);
}
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (error) {
  console.error(`cannot read ${file}: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const deps = { db: database.db, brand: config.brand, publicUrl: config.publicUrl };

function summary(result: ImportResult, seconds: number): string {
  const rate =
    seconds > 0 ? Math.round((result.dry_run ? result.rows : result.rows_done) / seconds) : 0;
  const did = result.dry_run ? 'would create' : 'created';
  return [
    `${result.dry_run ? 'dry run' : `import ${result.importid}`}: ${result.status}`,
    `${result.rows} rows${result.dry_run ? '' : `, ${result.rows_done} done`}`,
    `accounts ${did} ${result.accounts_created}, updated ${result.accounts_updated}`,
    `services ${did} ${result.services_created}, already there ${result.services_unchanged}`,
    `contacts ${did.replace('create', 'add')} ${result.contacts_created}, already there ${result.contacts_unchanged}`,
    `${seconds.toFixed(1)} s, ${rate} rows/s`,
  ].join('; ');
}

const started = performance.now();
try {
  const result = values['dry-run']
    ? await dryRunImport(database.db, text, new Date(), values.invite === true)
    : await runImport(
        database.db,
        deps,
        text,
        { by: 'cli', staffId: null, keyId: null },
        {
          invite: values.invite === true,
          onBatch: (done, total) => process.stderr.write(`  ${done} of ${total} rows\n`),
          onError: (error) => console.error(error),
        },
        () => new Date(),
      );
  for (const problem of result.problems) console.log(importProblemText(problem));
  console.log(summary(result, (performance.now() - started) / 1000));
  if (result.status === 'invalid' || result.status === 'failed') process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
