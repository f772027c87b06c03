import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkNewPassword, checkPasswordConfirmation, passwordHints } from './password-rules';

describe('checkNewPassword', () => {
  it.each([
    ['', 'Password is required'],
    ['Ab1', 'Password must be at least 8 characters long'],
    ['abcdefgh1', 'Password is not strong enough'],
    ['ABCDEFGH1', 'Password is not strong enough'],
    ['Abcdefghi', 'Password is not strong enough'],
    ['Abcd efg1', 'Password is not strong enough'],
  ])('rejects %j with %j', (password, message) => {
    expect(checkNewPassword(password)).toBe(message);
  });

  it('accepts a password with 8+ characters, both cases and a digit', () => {
    expect(checkNewPassword('Outpost-demo-1')).toBeNull();
  });

  it('never accepts a password that misses a live hint', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (password) => {
        const hints = passwordHints(password);
        if (!hints.length || !hints.mixedCase || !hints.digit) {
          expect(checkNewPassword(password)).not.toBeNull();
        }
      }),
    );
  });
});

describe('checkPasswordConfirmation', () => {
  it('requires the confirmation once a password is set', () => {
    expect(checkPasswordConfirmation('Secret123', '')).toBe('Password confirmation is required');
  });

  it('reports a mismatch', () => {
    expect(checkPasswordConfirmation('Secret123', 'Secret124')).toBe(
      "Password confirmation doesn't match",
    );
  });

  it('accepts a matching confirmation', () => {
    expect(checkPasswordConfirmation('Secret123', 'Secret123')).toBeNull();
  });
});
