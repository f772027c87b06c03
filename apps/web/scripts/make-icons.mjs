// Writes the default app icons (public/icons/): the brand colour with a white ring, PNG 192 and
// 512, and a maskable 512 whose ring stays inside the safe zone (the middle 80%). A provider with
// its own icons replaces these files (docs/decisions/031). Run: node apps/web/scripts/make-icons.mjs
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const BRAND = [0x0a, 0x4f, 0x8f];
const WHITE = [0xff, 0xff, 0xff];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A square PNG: the brand colour, a white ring of outer radius `outer` and inner `inner` (of size). */
function icon(size, outer, inner) {
  const rows = [];
  const c = size / 2;
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      // 4x4 samples per pixel: smooth edges.
      let white = 0;
      for (let sy = 0; sy < 4; sy += 1)
        for (let sx = 0; sx < 4; sx += 1) {
          const d = Math.hypot(x + (sx + 0.5) / 4 - c, y + (sy + 0.5) / 4 - c) / size;
          if (d <= outer && d >= inner) white += 1;
        }
      const t = white / 16;
      for (let i = 0; i < 3; i += 1)
        row[1 + x * 3 + i] = Math.round(BRAND[i] * (1 - t) + WHITE[i] * t);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

writeFileSync(path.join(out, 'icon-192.png'), icon(192, 0.34, 0.22));
writeFileSync(path.join(out, 'icon-512.png'), icon(512, 0.34, 0.22));
writeFileSync(path.join(out, 'icon-maskable-512.png'), icon(512, 0.26, 0.17));
