import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 36 and docs/decisions/041: no source file outside the one time module names a time zone
 * or does offset arithmetic by hand. Tests may (they pin instants in a zone on purpose).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const TIME_MODULE = path.join(root, 'packages/domain/src/time');
const SCANNED = [
  'apps/server/src',
  'apps/web/src',
  'packages/domain/src',
  'packages/contracts/src',
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.|test-helper|\/test\//.test(full) ? [full] : [];
  });
}

/** The code without its comments (the words may explain a zone; the code may not name one). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const FORBIDDEN: [RegExp, string][] = [
  [/['"`](Australia|America|Europe|Asia|Pacific)\/[A-Z]/, 'a time zone name'],
  [/['"`][^'"`]*[+-](0\d|1[0-4]):[03]0['"`]/, 'a fixed UTC offset'],
  [/\b[A-Z_]*OFFSET_MS\b/, 'an offset constant'],
  [/at time zone '[^']+'/i, 'a zone in SQL'],
];

describe('the one time module', () => {
  it('is the only source file naming a time zone or an offset', () => {
    const found: string[] = [];
    for (const dir of SCANNED)
      for (const file of sources(path.join(root, dir))) {
        if (file.startsWith(TIME_MODULE)) continue;
        const text = code(readFileSync(file, 'utf8'));
        for (const [pattern, what] of FORBIDDEN)
          if (pattern.test(text)) found.push(`${path.relative(root, file)}: ${what}`);
      }
    expect(found).toEqual([]);
  });

  it('would notice one (the check can fail)', () => {
    const sample = code("const zone = 'Australia/Perth'; // fine in a comment: Australia/Perth");
    expect(FORBIDDEN.some(([p]) => p.test(sample))).toBe(true);
    expect(FORBIDDEN.some(([p]) => p.test(code('/** Australia/Perth */ const x = 1;')))).toBe(
      false,
    );
  });
});
