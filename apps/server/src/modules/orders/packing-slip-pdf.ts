import type { FastifyReply } from 'fastify';
import type { Brand } from '@outpost/contracts/brand';
import { formatDate } from '@outpost/domain/format';
import { drawFacts, drawLetterhead, GREY, renderPdf, RULE, sendPdf } from '../../lib/pdf';

/** What a product order's packing slip prints (docs/decisions/058). */
export type PackingSlip = {
  orderId: number;
  ticketNumber: string;
  accountId: number;
  orderedAt: Date;
  /** The contact who ordered: the parcel is addressed to them. */
  shipTo: { name: string; lines: string[] };
  items: { article: string; description: string; quantity: number }[];
};

/** The slip's file name: the brand's prefix and the order number. */
export const packingSlipFileName = (productPrefix: string, orderId: number) =>
  `${productPrefix}-packing-slip-${orderId}.pdf`;

/**
 * A packing slip for the parcel (A4, Helvetica, the letterhead of the invoices): the order
 * number and date, the ship-to name and address, and each item's article number, description and
 * quantity, with a line to tick as it is packed. No prices: the slip travels in the box.
 */
export function renderPackingSlipPdf(
  slip: PackingSlip,
  brand: Brand,
  options: { compress?: boolean } = {},
): Promise<Buffer> {
  return renderPdf(
    {
      title: `Packing Slip, order ${slip.orderId}`,
      author: brand.providerName,
      created: slip.orderedAt,
      ...(options.compress === undefined ? {} : { compress: options.compress }),
    },
    (doc) => drawPackingSlip(doc, slip, brand),
  );
}

function drawPackingSlip(doc: PDFKit.PDFDocument, slip: PackingSlip, brand: Brand): void {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  drawLetterhead(doc, brand, 'Packing Slip');

  const facts: [string, string][] = [
    ['Order number', String(slip.orderId)],
    ['Order date', formatDate(slip.orderedAt)],
    ['Ticket', slip.ticketNumber],
    ['Account number', String(slip.accountId)],
  ];
  const y = 140;
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000').text('Ship to', left, y);
  const half = { width: width / 2 - 12 };
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(slip.shipTo.name, left, y + 14, half);
  doc.font('Helvetica').fontSize(12);
  for (const line of slip.shipTo.lines) doc.text(line, left, doc.y, half);
  const addressEnd = doc.y;
  const factsEnd = drawFacts(doc, facts, y);

  // The items: article, what it is, how many, and a box to tick.
  const columns = {
    article: left,
    description: left + 110,
    quantity: right - 110,
    packed: right - 40,
  };
  let row = Math.max(addressEnd, factsEnd) + 28;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(brand.colors.primary);
  doc.text('Article', columns.article, row);
  doc.text('Item', columns.description, row);
  doc.text('Quantity', columns.quantity, row, { width: 60, align: 'right' });
  doc.text('Packed', columns.packed, row, { width: 40, align: 'right' });
  row += 16;
  doc.moveTo(left, row).lineTo(right, row).lineWidth(0.5).stroke(RULE);
  row += 8;
  doc.font('Helvetica').fontSize(10).fillColor('#000000');
  for (const item of slip.items) {
    const height = doc.heightOfString(item.description, {
      width: columns.quantity - columns.description - 10,
    });
    doc.text(item.article, columns.article, row, { width: 100 });
    doc.text(item.description, columns.description, row, {
      width: columns.quantity - columns.description - 10,
    });
    doc.text(String(item.quantity), columns.quantity, row, { width: 60, align: 'right' });
    doc
      .rect(right - 10, row, 10, 10)
      .lineWidth(0.5)
      .stroke(GREY);
    row += Math.max(height, 12) + 8;
  }
  doc.moveTo(left, row).lineTo(right, row).lineWidth(0.5).stroke(RULE);
  doc
    .fontSize(9)
    .fillColor(GREY)
    .text(
      `Questions about this delivery? Call ${brand.helpPhone} and quote ticket ${slip.ticketNumber}.`,
      left,
      row + 16,
      { width },
    );
}

/** The slip as the answer, downloaded under its file name and never cached. */
export async function sendPackingSlipPdf(reply: FastifyReply, brand: Brand, slip: PackingSlip) {
  const pdf = await renderPackingSlipPdf(slip, brand);
  return sendPdf(reply, pdf, packingSlipFileName(brand.productPrefix, slip.orderId));
}
