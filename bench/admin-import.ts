/**
 * The CSV import (issue 39, decision 053): rows/s of the dry run (read and check the file against
 * the database) and of the import itself (accounts, invited holders and services written in
 * batches through the admin API's provisioning), for a file of BENCH_IMPORT_ROWS rows (two
 * services per account), then the same file again (nothing to write).
 *
 *   npm run bench:import                  (BENCH_IMPORT_ROWS=10000, PostgreSQL)
 *   BENCH_IMPORT_PGLITE=1 npm run bench:import   (the embedded database, in memory)
 *
 * PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): it
 * creates and drops its own database, migrated and seeded with the demo provider.
 */
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
import { openPglite, openPostgres } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/seed/demo';
import { dryRunImport, runImport } from '../apps/server/src/modules/admin/admin-import.service';
import { importCsv } from '../apps/server/src/test/import-csv';
import { cpuSteal, finish, freshBenchDatabase, report } from './lib';

const DB = 'outpost_import_bench';
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const PGLITE = process.env.BENCH_IMPORT_PGLITE === '1';

async function main() {
  const bench = PGLITE ? null : await freshBenchDatabase(DB);
  const database: Database = bench ? openPostgres(bench.url) : await openPglite();
  const where = bench ? 'postgres' : 'pglite';
  try {
    await database.migrate();
    await seedDemo(database.db, new Date());
    const config = loadConfig();
    const deps = { db: database.db, brand: config.brand, publicUrl: config.publicUrl };
    const csv = importCsv(ROWS, 'BENCH');
    console.log(`${ROWS} rows, ${(csv.length / 1024 / 1024).toFixed(2)} MB, on ${where}`);
    const steal = cpuSteal();

    let t0 = performance.now();
    const dry = await dryRunImport(database.db, csv, new Date());
    const drySeconds = (performance.now() - t0) / 1000;
    if (dry.status !== 'valid') throw new Error(`dry run: ${JSON.stringify(dry.problems[0])}`);

    t0 = performance.now();
    const caller = { by: 'bench', staffId: null, keyId: null };
    const run = await runImport(
      database.db,
      deps,
      csv,
      caller,
      { invite: false },
      () => new Date(),
    );
    const importSeconds = (performance.now() - t0) / 1000;
    if (run.status !== 'done' || run.services_created !== ROWS)
      throw new Error(`import: ${JSON.stringify(run)}`);

    t0 = performance.now();
    const again = await runImport(
      database.db,
      deps,
      csv,
      caller,
      { invite: false },
      () => new Date(),
    );
    const againSeconds = (performance.now() - t0) / 1000;
    if (again.services_unchanged !== ROWS) throw new Error(`again: ${JSON.stringify(again)}`);

    console.log(
      `dry run ${drySeconds.toFixed(1)} s, import ${importSeconds.toFixed(1)} s, again ${againSeconds.toFixed(1)} s`,
    );
    report(`admin.import.dry_run_rows_per_s_${where}`, ROWS / drySeconds, 'rows/s');
    report(`admin.import.rows_per_s_${where}`, ROWS / importSeconds, 'rows/s');
    report(`admin.import.again_rows_per_s_${where}`, ROWS / againSeconds, 'rows/s');
    steal.report();
  } finally {
    await database.close();
    await bench?.drop();
  }
  finish();
}

await main();
