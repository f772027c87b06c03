import type { FastifyReply } from 'fastify';
import type { Brand } from '@outpost/contracts/brand';

/** pdfkit (and its fonts' metrics), loaded with the first PDF asked for: not at every start. */
const loadPdfkit = () => import('pdfkit');
let pdfkit: ReturnType<typeof loadPdfkit> | undefined;

export type PdfOptions = {
  title: string;
  author: string;
  /** A fixed creation date keeps the bytes the same for the same content. */
  created: Date;
  /** Tests may turn compression off to read the content streams as they are. */
  compress?: boolean;
};

/**
 * A PDF drawn with pdfkit's built-in fonts (Helvetica: nothing embedded, so files stay small),
 * A4 with 56 pt margins, collected into one buffer. `draw` lays out the pages; the document is
 * ended here.
 */
export async function renderPdf(
  options: PdfOptions,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const { default: PDFDocument } = await (pdfkit ??= loadPdfkit());
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: options.compress ?? true,
    info: { Title: options.title, Author: options.author, CreationDate: options.created },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    draw(doc);
  } finally {
    doc.end();
  }
  return finished;
}

/**
 * A Content-Disposition for a download (RFC 6266): a quoted ASCII `filename` for every client and
 * `filename*` (RFC 5987, UTF-8, percent-encoded) for those that read it. Characters a quoted
 * string cannot carry become '_' in the plain name; '#' is kept there and encoded in the other.
 */
export function attachmentDisposition(filename: string): string {
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${plain}"; filename*=UTF-8''${encoded}`;
}

/**
 * A PDF as the answer, downloaded under its file name and never cached (a customer's document).
 * The route's typed reply describes its JSON errors only (the row's `produces`).
 */
export function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string) {
  return reply
    .type('application/pdf')
    .header('content-disposition', attachmentDisposition(filename))
    .header('cache-control', 'private, no-store')
    .send(pdf as never);
}

/** Secondary text and rules of our documents. */
export const GREY = '#555555';
export const RULE = '#bbbbbb';

/**
 * A document's facts (its number, dates, account) as label and value rows on the right half of
 * the page from `y`, 14 pt apart. Answers where they end.
 */
export function drawFacts(doc: PDFKit.PDFDocument, facts: [string, string][], y: number): number {
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.right - left;
  for (const [i, [label, value]] of facts.entries()) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(GREY)
      .text(label, left + width / 2, y + i * 14, { width: width / 4 });
    doc
      .font('Helvetica-Bold')
      .fillColor('#000000')
      .text(value, left + (3 * width) / 4 - 20, y + i * 14, {
        width: width / 4 + 20,
        align: 'right',
      });
  }
  return y + facts.length * 14;
}

/**
 * The top of every document we print (an invoice, a packing slip): a small vector dish in the
 * brand's primary colour, the provider's name, ABN, address, phone and website, and the
 * document's title on the right. The brand's colours are dark enough for text on white (checked
 * at start-up).
 */
export function drawLetterhead(
  doc: PDFKit.PDFDocument,
  brand: Pick<Brand, 'providerName' | 'abn' | 'address' | 'helpPhone' | 'websiteUrl' | 'colors'>,
  title: string,
): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.right - left;
  const accent = brand.colors.primary;
  doc
    .save()
    .circle(left + 12, 68, 12)
    .fill(accent)
    .restore();
  doc
    .save()
    .moveTo(left + 6, 74)
    .bezierCurveTo(left + 9, 62, left + 15, 62, left + 18, 74)
    .lineWidth(2)
    .stroke(brand.colors.onPrimary)
    .restore();
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor('#000000')
    .text(brand.providerName, left + 32, 60);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(GREY)
    .text(`ABN ${brand.abn}`, left + 32)
    .text(brand.address, left + 32)
    .text(`Phone ${brand.helpPhone} · ${brand.websiteUrl}`, left + 32);
  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .fillColor(accent)
    .text(title, left, 60, { width, align: 'right' });
}
