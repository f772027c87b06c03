import { describe, expect, it } from 'vitest';
import { hashToken, newOpaqueToken, sameSecret } from './tokens';

describe('sameSecret', () => {
  it('is true only for the same secret, as text or as bytes', () => {
    const token = newOpaqueToken();
    expect(sameSecret(token, token)).toBe(true);
    expect(sameSecret(token, `${token}x`)).toBe(false);
    expect(sameSecret(token, token.slice(0, -1))).toBe(false);
    expect(sameSecret('', 'a')).toBe(false);
    const hash = Buffer.from(hashToken(token), 'hex');
    expect(sameSecret(hash, Buffer.from(hashToken(token), 'hex'))).toBe(true);
    expect(sameSecret(hash, Buffer.from(hashToken(`${token}x`), 'hex'))).toBe(false);
    expect(sameSecret(hash, hash.subarray(1))).toBe(false);
  });
});
