import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new opaque token: 256 random bits, URL-safe. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored: the SHA-256 hash, never the token itself. */
export function hashToken(token: string): string {
  // One-shot: no Hash object per call, on every authenticated request (issue 38).
  return hash('sha256', token, 'hex');
}

/**
 * Whether a presented secret (a key, token, code hash or signature) is the expected one, in
 * constant time. Strings are compared as their SHA-256, so the time says nothing of either's
 * length; bytes (hashes, MACs: their length is public) are compared as they are.
 */
export function sameSecret(given: string | Buffer, expected: string | Buffer): boolean {
  const digest = (v: string | Buffer) => (typeof v === 'string' ? hash('sha256', v, 'buffer') : v);
  const a = digest(given);
  const b = digest(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
