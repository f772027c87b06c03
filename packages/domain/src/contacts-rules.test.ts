import { describe, expect, it } from 'vitest';
import {
  checkContactBirthDate,
  checkContactEmail,
  checkContactMobile,
  checkContactPhone,
  contactMessages,
  stripPhoneInput,
} from './contacts-rules';

describe('contact rules', () => {
  it('needs an email, and a valid one', () => {
    expect(checkContactEmail('  ')).toBe('This field is required');
    expect(checkContactEmail('jordan@example')).toBe('Invalid Email address');
    expect(checkContactEmail('jordan citizen@example.com')).toBe('Invalid Email address');
    expect(checkContactEmail(' jordan@example.com ')).toBeNull();
  });

  it('takes an address of at most 254 characters', () => {
    expect(checkContactEmail(`${'a'.repeat(242)}@example.com`)).toBeNull();
    expect(checkContactEmail(`${'a'.repeat(243)}@example.com`)).toBe('Invalid Email address');
  });

  it('takes no number or 8 to 15 digits', () => {
    expect(checkContactPhone('')).toBeNull();
    expect(checkContactPhone('0491570006')).toBeNull();
    expect(checkContactPhone('1234567')).toBe(contactMessages.phoneDigits);
    expect(checkContactPhone('04915700e6')).toBe(contactMessages.phoneDigits);
  });

  it("needs a new contact's mobile: 8 to 15 digits", () => {
    expect(checkContactMobile(' ')).toBe('This field is required');
    expect(checkContactMobile('0491570')).toBe(
      'Enter the number as 8 to 15 digits, like the examples.',
    );
    expect(checkContactMobile('0491570199')).toBeNull();
  });

  it("keeps only digits of what is typed, so the letter 'e' never stays", () => {
    expect(stripPhoneInput('04e91 570-006')).toBe('0491570006');
    expect(stripPhoneInput('1e5')).toBe('15');
  });

  it('takes a real date of birth in the past, of a person 16 to 120 years old', () => {
    const now = new Date('2026-11-24T00:00:00Z');
    expect(checkContactBirthDate('', now)).toBe('This field is required');
    expect(checkContactBirthDate('1990-05-17', now)).toBeNull();
    expect(checkContactBirthDate('1990-02-30', now)).toBe(
      'Enter the date of birth as a real date.',
    );
    expect(checkContactBirthDate('17/05/1990', now)).toBe(
      'Enter the date of birth as a real date.',
    );
    for (const future of ['2026-11-24', '2027-01-01'])
      expect(checkContactBirthDate(future, now)).toBe('The date of birth must be in the past.');
    const age = 'Check the date of birth: a contact must be between 16 and 120 years old.';
    expect(checkContactBirthDate('2010-11-24', now)).toBeNull();
    expect(checkContactBirthDate('2010-11-25', now)).toBe(age);
    expect(checkContactBirthDate('1906-11-25', now)).toBeNull();
    expect(checkContactBirthDate('1890-01-01', now)).toBe(age);
  });
});
