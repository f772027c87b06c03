import { formatDollars } from '@outpost/domain/money';
import type { Brand } from '@outpost/contracts/brand';
import { formatDate } from '@outpost/domain/format';
import type { Tax } from '../../business';
import type { FastifyReply } from 'fastify';
import { invoiceFileName } from '@outpost/domain/billing-rules';
import type { Db } from '../../db/client';
import { drawFacts, drawLetterhead, GREY, renderPdf, RULE, sendPdf } from '../../lib/pdf';
import type { InvoiceDocument, InvoiceRow } from './invoices.service';
import { AUTO_CHARGE_DELAY_MS, invoiceDocument } from './invoices.service';

/**
 * The tax in a tax-inclusive amount, rounded to the cent: at GST's 10 %, one eleventh. The rate
 * is the business file's tax.ratePercent (docs/decisions/042).
 */
export function gstIncluded(totalCents: number, ratePercent = 10): number {
  return Math.round((totalCents * ratePercent) / (100 + ratePercent));
}

/**
 * An invoice's PDF as the answer, downloaded under its file name and never cached: the customer's
 * invoice routes and the staff console's (the admin API) send the same document.
 */
export async function sendInvoicePdf(
  reply: FastifyReply,
  deps: { db: Db; brand: Brand; tax: Tax; publicUrl: string },
  invoice: InvoiceRow,
) {
  const pdf = await renderInvoicePdf(
    await invoiceDocument(deps.db, invoice),
    deps.brand,
    deps.tax,
    deps.publicUrl,
  );
  return sendPdf(reply, pdf, invoiceFileName(deps.brand.productPrefix, invoice.number));
}

/**
 * An Australian tax invoice (ATO: 'Tax Invoice', the supplier's name and ABN, the issue date, the
 * buyer, each item, and the GST included), with the account summary and how to pay. Helvetica
 * only and a small vector mark: well under 100 KB and a few milliseconds to draw.
 */
export function renderInvoicePdf(
  data: InvoiceDocument,
  brand: Brand,
  tax: Tax,
  publicUrl: string,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  const { invoice } = data;
  return renderPdf(
    {
      title: `Tax Invoice ${invoice.number}`,
      author: brand.providerName,
      created: invoice.issuedAt,
      ...(options.compress === undefined ? {} : { compress: options.compress }),
    },
    (doc) => drawInvoice(doc, data, brand, tax, publicUrl),
  );
}

function drawInvoice(
  doc: PDFKit.PDFDocument,
  data: InvoiceDocument,
  brand: Brand,
  tax: Tax,
  publicUrl: string,
): void {
  const { invoice, lines, account } = data;
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const amountWidth = 110;
  // The brand's primary colour: dark enough for text on white (checked at start-up).
  const accent = brand.colors.primary;

  drawLetterhead(doc, brand, 'Tax Invoice');

  // Who and when.
  const periodLast = new Date(invoice.periodEnd.getTime() - 1);
  const facts: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Issue date', formatDate(invoice.issuedAt)],
    ['Billing period', `${formatDate(invoice.periodStart)} to ${formatDate(periodLast)}`],
    ['Due date', formatDate(invoice.dueAt)],
  ];
  let y = 140;
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000').text('Bill to', left, y);
  const billTo = { width: width / 2 - 12 };
  doc
    .font('Helvetica')
    .text(account.name, left, y + 14, billTo)
    .text(`Account number ${account.id}`, left, doc.y, billTo);
  if (account.holder) doc.text(`Attention: ${account.holder}`, left, doc.y, billTo);
  const billToEnd = doc.y;
  y = Math.max(billToEnd, drawFacts(doc, facts, y)) + 24;

  const rule = () => {
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).stroke(RULE);
    y += 6;
  };
  const row = (label: string, cents: number, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor('#000000');
    const height = doc.heightOfString(label, { width: width - amountWidth - 10 });
    if (y + height > doc.page.height - doc.page.margins.bottom - 20) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    doc.text(label, left, y, { width: width - amountWidth - 10 });
    doc.text(formatDollars(cents), right - amountWidth, y, { width: amountWidth, align: 'right' });
    y += height + 4;
  };
  const heading = (text: string) => {
    y += 6;
    doc.font('Helvetica-Bold').fontSize(11).fillColor(accent).text(text, left, y);
    y += 16;
    rule();
  };

  const inAdvance = lines.filter((l) => l.kind === 'service' || l.kind === 'option');
  const extras = lines.filter((l) => l.kind !== 'service' && l.kind !== 'option');
  heading(`Services in advance, ${formatDate(invoice.periodStart)} to ${formatDate(periodLast)}`);
  for (const l of inAdvance) row(l.description, l.amountCents);
  if (extras.length > 0) {
    heading('Data blocks and plan adjustments of the previous period');
    for (const l of extras) row(l.description, l.amountCents);
  }
  y += 4;
  rule();
  const gst = gstIncluded(invoice.totalCents, tax.ratePercent);
  row(`Subtotal (excluding ${tax.name})`, invoice.totalCents - gst);
  row(`${tax.name} included`, gst);
  row(`Total of this invoice (including ${tax.name})`, invoice.totalCents, true);

  heading('Account summary');
  row('Previous balance', data.previousBalanceCents);
  row('Payments and credits since', data.paymentsSinceCents);
  row('This invoice', invoice.totalCents);
  row(`Amount due by ${formatDate(invoice.dueAt)}`, Math.max(data.amountDueCents, 0), true);
  if (data.amountDueCents < 0) row('Your account is in credit by', -data.amountDueCents);

  heading('How to pay');
  doc.font('Helvetica').fontSize(10).fillColor('#000000');
  const ways = [
    ...(data.autoDebit
      ? [
          `Automatic debit: the amount due will be debited from your ${data.autoDebit} on or after ${formatDate(new Date(invoice.issuedAt.getTime() + AUTO_CHARGE_DELAY_MS))}. You need do nothing.`,
        ]
      : []),
    `Online: make a one-off payment by card at ${publicUrl}/billing/one-off-payment`,
    `Phone: call ${brand.helpPhone} and quote your account number ${account.id}.`,
  ];
  for (const way of ways) {
    doc.text(way, left, y, { width });
    y = doc.y + 4;
  }
  doc
    .fontSize(8)
    .fillColor(GREY)
    .text(
      `${tax.invoiceNote} ${brand.providerName} ABN ${brand.abn}. Questions about this invoice: ${brand.helpPhone}.`,
      left,
      y + 12,
      { width },
    );
}
