import { inflateSync } from 'node:zlib';

/**
 * The text of a pdfkit PDF, one string per text object (BT ... ET), in drawing order: its content
 * streams inflated, each TJ/Tj string decoded (hex WinAnsi for the built-in fonts, or literal).
 * Enough to read back what our PDFs say; not a general PDF reader. The e2e suite reads the
 * invoices of its brand run with it too (apps/web/e2e/second-brand.brand.ts).
 */
export function pdfText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const texts: string[] = [];
  const streams = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(source)) !== null) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    const dictionary = source.slice(source.lastIndexOf('<<', match.index), match.index);
    let body = Buffer.from(source.slice(start, end).replace(/\r?\n$/, ''), 'latin1');
    if (/\/FlateDecode/.test(dictionary)) {
      try {
        body = inflateSync(body);
      } catch {
        continue; // not a content stream we can read
      }
    }
    const content = body.toString('latin1');
    for (const block of content.match(/BT[\s\S]*?ET/g) ?? []) {
      let text = '';
      for (const op of block.match(
        /\[(?:[^\]])*\]\s*TJ|(?:<[0-9a-fA-F]*>|\((?:\\.|[^)])*\))\s*Tj/g,
      ) ?? [])
        for (const piece of op.match(/<[0-9a-fA-F]*>|\((?:\\.|[^)])*\)/g) ?? [])
          text += piece.startsWith('<')
            ? Buffer.from(piece.slice(1, -1), 'hex').toString('latin1')
            : piece.slice(1, -1).replace(/\\(.)/g, '$1');
      if (text !== '') texts.push(text);
    }
  }
  return texts;
}
