import { describe, expect, it } from 'vitest';
import {
  checkContactEmail,
  checkContactPhone,
  ownContactMessages,
  stripPhoneInput,
} from './own-contact-rules';

describe('own contact rules', () => {
  it('needs an email, and a valid one', () => {
    expect(checkContactEmail('  ')).toBe('This field is required');
    expect(checkContactEmail('jordan@example')).toBe('Invalid Email address');
    expect(checkContactEmail('jordan citizen@example.com')).toBe('Invalid Email address');
    expect(checkContactEmail(' jordan@example.com ')).toBeNull();
  });

  it('takes no number or 8 to 15 digits', () => {
    expect(checkContactPhone('')).toBeNull();
    expect(checkContactPhone('0491570006')).toBeNull();
    expect(checkContactPhone('1234567')).toBe(ownContactMessages.phoneDigits);
    expect(checkContactPhone('04915700e6')).toBe(ownContactMessages.phoneDigits);
  });

  it("keeps only digits of what is typed, so the letter 'e' never stays", () => {
    expect(stripPhoneInput('04e91 570-006')).toBe('0491570006');
    expect(stripPhoneInput('1e5')).toBe('15');
  });
});
