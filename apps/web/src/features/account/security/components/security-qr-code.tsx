import { useEffect, useState } from 'react';

type Matrix = { size: number; dark: (row: number, col: number) => boolean };

/** The QR code library is loaded only when a code is drawn, so the page's chunk stays small. */
async function qrMatrix(text: string): Promise<Matrix> {
  const { create } = await import('qrcode');
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row, col) => modules.data[row * modules.size + col] === 1 };
}

const QUIET_ZONE = 4;

/** The SVG path of the dark modules, one unit square each. */
export function qrPath(matrix: Matrix): string {
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row += 1) {
    for (let col = 0; col < matrix.size; col += 1) {
      if (matrix.dark(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return parts.join('');
}

/**
 * A QR code of `text` (an otpauth:// URI) drawn as an SVG: no canvas, no data URL, no inline
 * style. While the library loads, a box of the same size holds its place.
 */
export function SecurityQrCode({ text, label }: { text: string; label: string }) {
  const [matrix, setMatrix] = useState<Matrix | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    qrMatrix(text).then(
      (m) => live && setMatrix(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [text]);
  if (failed) {
    return (
      <p className="security-qr security-qr--failed">
        The QR code could not be drawn. Type the key below into your app instead.
      </p>
    );
  }
  if (!matrix) return <div className="security-qr" aria-hidden="true" />;
  const side = matrix.size + QUIET_ZONE * 2;
  return (
    <svg
      className="security-qr"
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={qrPath(matrix)} fill="#000" />
    </svg>
  );
}
