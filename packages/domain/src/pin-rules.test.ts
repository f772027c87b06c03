import { describe, expect, it } from 'vitest';
import { checkVoicemailPin, maskedPin, pinDigits } from './pin-rules';

describe('pinDigits', () => {
  it('keeps only the digits, up to the longest length', () => {
    expect(pinDigits('12ab34', 4)).toBe('1234');
    expect(pinDigits(' 9 8-7x6 5', 4)).toBe('9876');
    expect(pinDigits('abcd', 4)).toBe('');
  });
});

describe('checkVoicemailPin', () => {
  it.each(['12', '123', '12a4', ' 1234', '123456789'])('refuses %j', (pin) => {
    expect(checkVoicemailPin(pin)).toBe('Your voicemail PIN must be 4 to 8 digits');
  });

  it.each(['', '1234', '12345678'])('accepts %j', (pin) => {
    expect(checkVoicemailPin(pin)).toBeNull();
  });
});

describe('maskedPin', () => {
  it('shows a dot for each digit, never the digits', () => {
    expect(maskedPin('4321')).toBe('••••');
  });
});
