/**
 * Tax invoice PDFs (issue 15): generation time and size of the biggest demo invoice (most lines),
 * drawn 200 times after a warm-up. Budget: median and p95 at most 50 ms, at most 100 KB.
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

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 200);
const BUDGET_MS = 50;
const BUDGET_BYTES = 100 * 1024;

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

const times: number[] = [];
let bytes = 0;
for (let i = 0; i < RUNS + 20; i += 1) {
  const started = performance.now();
  const pdf = await renderInvoicePdf(data, config.brand, config.publicUrl);
  const ms = performance.now() - started;
  if (i >= 20) times.push(ms); // the first draws load the font metrics and warm up the JIT
  bytes = pdf.length;
  if (i === 0 && process.env.BENCH_PDF_OUT) writeFileSync(process.env.BENCH_PDF_OUT, pdf);
}
times.sort((x, y) => x - y);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
const median = at(0.5);
const p95 = at(0.95);
console.log(
  `invoice ${invoice.number} (${biggest!.lines} lines), ${RUNS} runs: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${bytes} bytes (${(bytes / 1024).toFixed(1)} KB)`,
);
await database.close();
const ok = median <= BUDGET_MS && p95 <= BUDGET_MS && bytes <= BUDGET_BYTES;
console.log(ok ? 'within budget' : `OVER BUDGET (<= ${BUDGET_MS} ms, <= ${BUDGET_BYTES} bytes)`);
process.exit(ok ? 0 : 1);
