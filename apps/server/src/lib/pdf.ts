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
