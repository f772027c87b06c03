import { messages } from '@outpost/contracts/messages';
import { describe, expect, it } from 'vitest';
import {
  checkContactNumber,
  checkDateOfBirth,
  checkEmail,
  checkRequired,
  checkTitle,
  numberDigits,
} from './contact-form';

describe('Add Contact details rules', () => {
  it("says 'This field is required' for an empty field", () => {
    expect(checkRequired('  ')).toBe(messages.account.required);
    expect(checkTitle('')).toBe(messages.account.required);
    expect(checkEmail('')).toBe(messages.account.required);
    expect(checkContactNumber('')).toBe(messages.account.required);
    expect(checkDateOfBirth('')).toBe(messages.account.required);
    expect(checkRequired('Robin')).toBeNull();
    expect(checkTitle('Mrs')).toBeNull();
  });

  it("says 'Invalid Email address' for an address the server would refuse", () => {
    for (const bad of [
      'robin',
      'robin@',
      'robin@example',
      'ro bin@example.com',
      'a..b@example.com',
    ])
      expect(checkEmail(bad)).toBe(messages.account.invalidEmail);
    expect(checkEmail('robin.example+work@example.com.au')).toBeNull();
  });

  it("keeps the number's digits only, 8 to 15 of them", () => {
    expect(numberDigits('0491e570 199')).toBe('0491570199');
    expect(checkContactNumber('0491570')).toBe('Enter 8 to 15 digits, for example 0491570156.');
    expect(checkContactNumber('0491570199')).toBeNull();
  });

  it('takes a real date of birth, not in the future', () => {
    const today = new Date('2026-11-24T00:00:00Z');
    expect(checkDateOfBirth('1990-05-17', today)).toBeNull();
    expect(checkDateOfBirth('1990-02-30', today)).toBe('Enter a date of birth in the past.');
    expect(checkDateOfBirth('2027-01-01', today)).toBe('Enter a date of birth in the past.');
  });
});
