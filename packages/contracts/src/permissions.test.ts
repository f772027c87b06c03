import { describe, expect, it } from 'vitest';
import { permissionNames, permissionsFingerprint } from './permissions';

/** The fingerprint as first written (FNV-1a over the code points of the sorted, joined names). */
function byCodePoint(names: Iterable<string>): string {
  let hash = 0x811c9dc5;
  for (const char of [...names].sort().join(',')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

describe('permissionsFingerprint', () => {
  it('is the same value as before for every prefix of the permission names, in any order', () => {
    // A client still running the previous build compares with the same value: no needless reload.
    expect(permissionNames.every((name) => /^[\x20-\x7e]+$/.test(name))).toBe(true);
    for (let n = 0; n <= permissionNames.length; n += 1) {
      const names = permissionNames.slice(0, n);
      expect(permissionsFingerprint(names)).toBe(byCodePoint(names));
      expect(permissionsFingerprint([...names].reverse())).toBe(permissionsFingerprint(names));
    }
    expect(permissionsFingerprint([])).toBe('811c9dc5');
    expect(permissionsFingerprint(['view-services'])).not.toBe(
      permissionsFingerprint(['view-services', 'view-activity']),
    );
  });
});
