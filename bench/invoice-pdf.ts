/**
 * Tax invoice PDFs (issue 15): generation time and size of the biggest demo invoice (most lines),
 * drawn 200 times after a warm-up. Budgets (budgets.json): median and p95 <= 50 ms, <= 100 KiB.
 *
 *   npm run bench:pdf          (BENCH_PDF_RUNS=200, BENCH_PDF_OUT=/tmp/invoice.pdf to keep one)
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config';
import { openPglite, queryRows } from '../apps/server/src/db/client';
import { renderInvoicePdf } from '../apps/server/src/modules/billing/invoice-pdf';
import { invoiceDocument, ownedInvoice } from '../apps/server/src/modules/billing/invoices.service';
import { seedDemo } from '../apps/server/src/seed/demo';
import { cpuSteal, finish, report } from './lib';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 200);

const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' });
const database = await openPglite();
await database.migrate();
await seedDemo(database.db);
const [biggest] = await queryRows<{ id: number; account_id: number; lines: number }>(
  database.db,
  sql`select i.id, i.account_id, count(*)::int as lines from invoices i
        join invoice_lines l on l.invoice_id = i.id
       group by i.id order by count(*) desc, i.id desc limit 1`,
);
const invoice = await ownedInvoice(database.db, biggest!.account_id, biggest!.id);
const data = await invoiceDocument(database.db, invoice);

const steal = cpuSteal();
const times: number[] = [];
let bytes = 0;
for (let i = 0; i < RUNS + 20; i += 1) {
  const started = performance.now();
  const pdf = await renderInvoicePdf(data, config.brand, config.business.tax, config.publicUrl);
  const ms = performance.now() - started;
  if (i >= 20) times.push(ms); // the first draws load the font metrics and warm up the JIT
  bytes = pdf.length;
  if (i === 0 && process.env.BENCH_PDF_OUT) writeFileSync(process.env.BENCH_PDF_OUT, pdf);
}
times.sort((x, y) => x - y);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
console.log(`invoice ${invoice.number} (${biggest!.lines} lines), ${RUNS} runs`);
report('pdf.invoice.median', at(0.5), 'ms');
report('pdf.invoice.p95', at(0.95), 'ms');
report('pdf.invoice.size', bytes / 1024, 'KiB');
steal.report();
await database.close();
finish();
