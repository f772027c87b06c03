import { createReadStream, statSync } from 'node:fs';
import { parse } from 'csv-parse';
import { createMessaging } from '../adapters/messaging';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import type { NumberedRecord, Rejection } from '../modules/usage/ingest';
import { checkRecord } from '../modules/usage/ingest';
import { ingestAndAlert } from '../modules/usage/ingest-run';

/**
 * npm run usage:ingest -- FILE.csv
 *
 * Loads hourly usage exported from the provider's network. The CSV has a header row with
 * serviceid,hour,metered_down,metered_up,unmetered_down,unmetered_up,shaped (bytes; hour in
 * ISO 8601 with an offset). Rows are written in batches of 10,000, each in one transaction; a bad
 * row is reported with its line and reason and skipped; loading a file again changes nothing.
 */
const BATCH = 10_000;
const NUMERIC = [
  'serviceid',
  'metered_down',
  'metered_up',
  'unmetered_down',
  'unmetered_up',
  'shaped',
];

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run usage:ingest -- FILE.csv');
  process.exit(1);
}
const size = statSync(file).size;
const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const deps = {
  db: database.db,
  messaging: createMessaging(config, database.db),
  brandName: config.brand.providerName,
};

const started = performance.now();
const input = createReadStream(file);
const parser = input.pipe(parse({ columns: true, skip_empty_lines: true, trim: true, info: true }));
let accepted = 0;
let alerts = 0;
let lastReport = 0;
const rejected: Rejection[] = [];
let batch: NumberedRecord[] = [];

async function flush() {
  if (batch.length === 0) return;
  const result = await ingestAndAlert(deps, batch, new Date());
  accepted += result.accepted;
  alerts += result.alerts;
  rejected.push(...result.rejected);
  batch = [];
  const now = performance.now();
  if (now - lastReport > 1000) {
    lastReport = now;
    const pct = Math.min(100, (input.bytesRead / size) * 100).toFixed(0);
    const rate = Math.round(accepted / ((now - started) / 1000));
    process.stderr.write(
      `  ${pct}%  ${accepted.toLocaleString('en-AU')} rows  ${rate.toLocaleString('en-AU')} rows/s\n`,
    );
  }
}

for await (const { record, info } of parser as AsyncIterable<{
  record: Record<string, string>;
  info: { lines: number };
}>) {
  const raw: Record<string, unknown> = { ...record };
  for (const key of NUMERIC)
    if (typeof raw[key] === 'string' && /^\d+$/.test(raw[key])) raw[key] = Number(raw[key]);
  const checked = checkRecord(raw, new Date());
  if (typeof checked === 'string') rejected.push({ line: info.lines, reason: checked });
  else batch.push({ line: info.lines, record: checked });
  if (batch.length === BATCH) await flush();
}
await flush();
await database.close();

const seconds = (performance.now() - started) / 1000;
for (const r of rejected.sort((a, b) => a.line - b.line).slice(0, 100))
  console.log(`line ${r.line}: ${r.reason}`);
if (rejected.length > 100) console.log(`... and ${rejected.length - 100} more bad rows`);
console.log(
  `${accepted.toLocaleString('en-AU')} rows loaded, ${rejected.length} skipped, ${alerts} usage alerts sent, in ${seconds.toFixed(1)} s (${Math.round(accepted / seconds).toLocaleString('en-AU')} rows/s)`,
);
