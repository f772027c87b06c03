import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { BillingTransaction } from '@outpost/contracts/billing';
import { invoiceFileName } from '@outpost/domain/billing-rules';
import { serverErrors } from '@outpost/contracts/messages';
import { formatDate } from '@outpost/domain/format';
import { queryRows, withTransaction } from '../../db/client';
import { pdfText } from '../../test/pdf-text';
import type { TestContext } from '../../test/test-app';
import { apiFor, createTestContext, errorOf } from '../../test/test-app';
import { gstIncluded, renderInvoicePdf } from './invoice-pdf';
import { invoiceDocument, markInvoicePaid, ownedInvoice } from './invoices.service';
import { appendTransaction } from './ledger';

const HOLDER = 5001;
const BILLING = 5002;
const SERVICES = 5003;
const OTHER = 5006;

let ctx: TestContext;
const api = apiFor(() => ctx, HOLDER);

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

type InvoiceFacts = { id: number; number: string; total_cents: number; account_id: number };

async function newestInvoice(accountId: number): Promise<InvoiceFacts> {
  const [row] = await queryRows<InvoiceFacts>(
    ctx.database.db,
    sql`select id, number, total_cents, account_id from invoices where account_id = ${accountId}
         order by period_start desc limit 1`,
  );
  return row!;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('GET billing transactions', () => {
  it('answers the ledger newest first, in cents, with the invoice number and the balance state', async () => {
    const db = ctx.database.db;
    const invoice = await newestInvoice(100003); // other: this period's invoice is unpaid
    const base = Date.now();
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    const [before] = await queryRows<{ balance_cents: number }>(
      db,
      sql`select balance_cents from transactions where account_id = 100003
           order by created_at desc, id desc limit 1`,
    );
    const owing = before!.balance_cents;
    expect(owing).toBe(invoice.total_cents);
    const written = await withTransaction(db, async (tx) => [
      await appendTransaction(tx, {
        accountId: 100003,
        at: at(1),
        type: 'Payment',
        amountCents: -owing,
        status: 'Successful',
        invoiceId: invoice.id,
      }),
      await appendTransaction(tx, {
        accountId: 100003,
        at: at(2),
        type: 'Credit',
        amountCents: -250,
        status: 'Applied',
        reason: 'Outage credit: test',
      }),
      // The same instant: the later entry (higher id) comes first.
      await appendTransaction(tx, {
        accountId: 100003,
        at: at(2),
        type: 'Adjustment',
        amountCents: 1000,
        status: 'Applied',
        reason: 'Late fee: test',
      }),
    ]);
    await withTransaction(db, (tx) => markInvoicePaid(tx, invoice.id));

    const res = await api.get(apiPaths.transactions, OTHER);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as BillingTransaction[];
    expect(rows.slice(0, 3)).toEqual([
      {
        transactionid: written[2]!.id,
        created: at(2).toISOString(),
        type: 'Adjustment',
        amount: 1000,
        balance: 750,
        reason: 'Late fee: test',
        status: 'Applied',
        invoiceid: null,
        invoice: null,
        account_status: 'owing',
      },
      {
        transactionid: written[1]!.id,
        created: at(2).toISOString(),
        type: 'Credit',
        amount: -250,
        balance: -250,
        reason: 'Outage credit: test',
        status: 'Applied',
        invoiceid: null,
        invoice: null,
        account_status: 'credit',
      },
      {
        transactionid: written[0]!.id,
        created: at(1).toISOString(),
        type: 'Payment',
        amount: -owing,
        balance: 0,
        reason: null,
        status: 'Successful',
        invoiceid: invoice.id,
        invoice: invoice.number,
        account_status: 'paid',
      },
    ]);
    // The invoice's own entry, now shown paid.
    expect(rows[3]).toMatchObject({
      type: 'Invoice',
      amount: invoice.total_cents,
      balance: owing,
      status: 'Paid',
      invoiceid: invoice.id,
      invoice: invoice.number,
      account_status: 'owing',
    });
    for (let i = 1; i < rows.length; i += 1)
      expect(Date.parse(rows[i - 1]!.created)).toBeGreaterThanOrEqual(Date.parse(rows[i]!.created));
    // Only the caller's account.
    const ids = new Set(rows.map((r) => r.transactionid));
    const holder = (await api.get(apiPaths.transactions, HOLDER)).json()
      .data as BillingTransaction[];
    expect(holder.some((r) => ids.has(r.transactionid))).toBe(false);
  });

  it("keeps the holder's 13 months small", async () => {
    const res = await api.get(apiPaths.transactions, HOLDER);
    const rows = res.json().data as BillingTransaction[];
    expect(rows.length).toBeGreaterThanOrEqual(26); // 13 invoices, 13 payments, a credit
    const bytes = Buffer.byteLength(res.body);
    const compressed = await api.get(apiPaths.transactions, HOLDER);
    const brotli = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.transactions,
      headers: { 'x-user-token': (await api.tokenOf(HOLDER))!, 'accept-encoding': 'br' },
    });
    // Measured: 27 rows, 5,600 bytes (534 bytes with brotli).
    expect(compressed.statusCode).toBe(200);
    expect(bytes).toBeLessThan(12_000);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload.length).toBeLessThan(1_500);
  });

  it('answers 403 without view-transactions', async () => {
    const res = await api.get(apiPaths.transactions, SERVICES);
    expect(res.statusCode).toBe(403);
  });
});

describe('GET invoice PDF', () => {
  const paths = (id: number) => [
    buildPath(apiPaths.invoicePdf, { invoiceid: id }),
    buildPath(apiPaths.invoiceDetail, { invoice: id }),
  ];

  it('serves the same tax invoice on both paths, as an attachment that is not cached', async () => {
    const invoice = await newestInvoice(100001);
    const name = invoiceFileName(ctx.config.brand.productPrefix, invoice.number);
    expect(name).toBe(`${ctx.config.brand.productPrefix}-invoice-#${invoice.number}.pdf`);
    const bodies: string[][] = [];
    for (const [path, who] of [
      [paths(invoice.id)[0]!, HOLDER],
      [paths(invoice.id)[1]!, HOLDER],
      [paths(invoice.id)[0]!, BILLING],
    ] as const) {
      const res = await api.get(path, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      expect(res.headers['content-disposition']).toContain('%23');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(res.rawPayload.length).toBeLessThan(100 * 1024);
      bodies.push(pdfText(res.rawPayload));
    }
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });

  it('says what an Australian tax invoice must: supplier, ABN, number, date, items, GST, total', async () => {
    const invoice = await newestInvoice(100001);
    const row = await ownedInvoice(ctx.database.db, 100001, invoice.id);
    const res = await api.get(paths(invoice.id)[0]!);
    const text = pdfText(res.rawPayload);
    const { brand } = ctx.config;
    const lines = await queryRows<{ description: string; amount_cents: number }>(
      ctx.database.db,
      sql`select description, amount_cents from invoice_lines where invoice_id = ${invoice.id} order by id`,
    );
    expect(lines.length).toBeGreaterThan(1);
    const gst = gstIncluded(invoice.total_cents);
    expect(gst).toBe(Math.round(invoice.total_cents / 11));
    const last = new Date(row.periodEnd.getTime() - 1);
    for (const expected of [
      'Tax Invoice',
      brand.providerName,
      `ABN ${brand.abn}`,
      brand.address,
      'Citizen Family',
      'Account number 100001',
      invoice.number,
      formatDate(row.issuedAt),
      `${formatDate(row.periodStart)} to ${formatDate(last)}`,
      formatDate(row.dueAt),
      'GST included',
      money(gst),
      'Total of this invoice (including GST)',
      money(invoice.total_cents),
      'Subtotal (excluding GST)',
      money(invoice.total_cents - gst),
      ...lines.flatMap((l) => [l.description, money(l.amount_cents)]),
    ])
      expect(text, expected).toContain(expected);
    // Dates in the one style, dd/mm/yy (docs/decisions/040): never with a 4-digit year.
    expect(text).toContain(`${formatDate(row.periodStart)} to ${formatDate(last)}`);
    expect(formatDate(row.issuedAt)).toMatch(/^\d\d\/\d\d\/\d\d$/);
    expect(text.join('\n')).not.toMatch(/\d\d\/\d\d\/\d{4}/);
    expect(text.join('\n')).toMatch(/Visa ending in 4242/);
    expect(text.join('\n')).toContain(`${ctx.config.publicUrl}/billing/one-off-payment`);
    expect(text.join('\n')).toContain(brand.helpPhone);
  });

  it('answers 403 without view-invoices, 404 for another account and for a missing invoice', async () => {
    const invoice = await newestInvoice(100001);
    for (const path of paths(invoice.id)) {
      const denied = await api.get(path, SERVICES);
      expect(denied.statusCode).toBe(403);
      const foreign = await api.get(path, OTHER);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.headers['content-type']).toMatch(/^application\/json/);
      expect(errorOf(foreign)).toBe(serverErrors.notFound);
    }
    const missing = await api.get(paths(2_000_000_000)[0]!, OTHER);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe(serverErrors.notFound);
  });

  it("prints the business file's tax rate and wording (docs/decisions/042)", async () => {
    expect(gstIncluded(1100)).toBe(100);
    expect(gstIncluded(999)).toBe(91);
    expect(gstIncluded(1150, 15)).toBe(150);
    expect(gstIncluded(1000, 0)).toBe(0);
    const invoice = await newestInvoice(100001);
    const data = await invoiceDocument(
      ctx.database.db,
      await ownedInvoice(ctx.database.db, 100001, invoice.id),
    );
    const configured = pdfText(
      await renderInvoicePdf(
        data,
        ctx.config.brand,
        { name: 'VAT', ratePercent: 15, invoiceNote: 'All prices include VAT at 15 %.' },
        ctx.config.publicUrl,
      ),
    ).join('\n');
    const vat = Math.round((invoice.total_cents * 15) / 115);
    expect(vat).not.toBe(gstIncluded(invoice.total_cents));
    expect(configured).toContain(`VAT included\n${money(vat)}`);
    expect(configured).toContain(`Subtotal (excluding VAT)\n${money(invoice.total_cents - vat)}`);
    expect(configured).toContain('Total of this invoice (including VAT)');
    expect(configured).toContain(
      `All prices include VAT at 15 %. ${ctx.config.brand.providerName}`,
    );
    expect(configured).not.toContain('GST');
    // The default business file: GST at 10 %, as before.
    const standard = pdfText(
      await renderInvoicePdf(data, ctx.config.brand, ctx.config.business.tax, ctx.config.publicUrl),
    ).join('\n');
    const gst = Math.round(invoice.total_cents / 11);
    expect(standard).toContain(`GST included\n${money(gst)}`);
    expect(standard).toContain(`All prices include GST. ${ctx.config.brand.providerName}`);
  });

  it('draws the biggest demo invoice within budget (50 ms, 100 KB)', async () => {
    const invoice = await newestInvoice(100001);
    const data = await invoiceDocument(
      ctx.database.db,
      await ownedInvoice(ctx.database.db, 100001, invoice.id),
    );
    await renderInvoicePdf(data, ctx.config.brand, ctx.config.business.tax, ctx.config.publicUrl); // warm-up
    const started = performance.now();
    const pdf = await renderInvoicePdf(
      data,
      ctx.config.brand,
      ctx.config.business.tax,
      ctx.config.publicUrl,
    );
    expect(performance.now() - started).toBeLessThan(50 * 4); // slack for a busy test machine
    expect(pdf.length).toBeLessThan(100 * 1024);
    const plain = await renderInvoicePdf(
      data,
      ctx.config.brand,
      ctx.config.business.tax,
      ctx.config.publicUrl,
      {
        compress: false,
      },
    );
    expect(pdfText(plain)).toEqual(pdfText(pdf));
  });
});
