import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../paths';
import { DEMO_TOTP_SECRET, demoLogins } from './demo';

/** The README's demo-login table, as [username, who] pairs. */
function readmeLogins(): [string, string][] {
  const readme = readFileSync(path.join(paths.appRoot, 'README.md'), 'utf8');
  return [...readme.matchAll(/^\| `([a-z]+)` +\| (.+?) +\|$/gm)].map((m) => [m[1]!, m[2]!]);
}

describe('the demo logins', () => {
  it('are the ones the README lists, in the same order and words', () => {
    const listed = readmeLogins().map(([username, who]) => [
      username,
      who.replace(` (secret \`${DEMO_TOTP_SECRET}\`)`, ''),
    ]);
    expect(listed).toEqual(demoLogins.map((l) => [l.username, l.description]));
  });
});
