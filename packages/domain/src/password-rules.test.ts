import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkNewPassword,
  checkPasswordChanged,
  checkPasswordConfirmation,
  passwordHints,
} from './password-rules';

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

  it('accepts a password exactly when every live hint is met', () => {
    const typed = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom('Has Space1', 'Outpost-demo-1', ' Lead1ngSpace', 'Tab\there1A'),
    );
    fc.assert(
      fc.property(typed, (password) => {
        const allMet = Object.values(passwordHints(password)).every(Boolean);
        expect(checkNewPassword(password) === null).toBe(allMet);
      }),
    );
  });

  it('shows the no-spaces rule as a hint that a space breaks', () => {
    expect(passwordHints('Has Space1')).toEqual({
      length: true,
      mixedCase: true,
      digit: true,
      noSpaces: false,
    });
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

describe('checkPasswordChanged', () => {
  it('refuses a new password equal to the current one', () => {
    expect(checkPasswordChanged('Outpost-demo-1', 'Outpost-demo-1')).toBe(
      'Your new password must be different from your current password',
    );
  });

  it('accepts a different one, and says nothing while the current one is empty', () => {
    expect(checkPasswordChanged('Outpost-demo-1', 'Outpost-demo-2')).toBeNull();
    expect(checkPasswordChanged('', '')).toBeNull();
  });
});
