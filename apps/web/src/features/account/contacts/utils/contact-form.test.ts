import { messages } from '@outpost/contracts/messages';
import { describe, expect, it } from 'vitest';
import { checkRequired, checkTitle, contactDetailsRules } from './contact-form';

const rules = contactDetailsRules(() => new Date('2026-11-24T00:00:00Z'));

describe('Add Contact details rules', () => {
  it("says 'This field is required' for an empty field", () => {
    expect(checkRequired('  ')).toBe(messages.account.required);
    expect(checkTitle('')).toBe(messages.account.required);
    expect(rules.email('')).toBe(messages.account.required);
    expect(rules.mobile('')).toBe(messages.account.required);
    expect(rules.date_of_birth('')).toBe(messages.account.required);
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
      expect(rules.email(bad)).toBe(messages.account.invalidEmail);
    expect(rules.email('robin.example+work@example.com.au')).toBeNull();
  });

  it('takes a number of 8 to 15 digits', () => {
    expect(rules.mobile('0491570')).toBe('Enter the number as 8 to 15 digits, like the examples.');
    expect(rules.mobile('0491570199')).toBeNull();
  });

  it('takes a real date of birth in the past, of a person 16 to 120 years old', () => {
    expect(rules.date_of_birth('1990-05-17')).toBeNull();
    expect(rules.date_of_birth('1990-02-30')).toBe('Enter the date of birth as a real date.');
    expect(rules.date_of_birth('2027-01-01')).toBe('The date of birth must be in the past.');
    expect(rules.date_of_birth('2016-01-01')).toBe(
      'Check the date of birth: a contact must be between 16 and 120 years old.',
    );
  });
});
