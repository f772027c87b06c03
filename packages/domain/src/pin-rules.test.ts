import { describe, expect, it } from 'vitest';
import { pinDigits } from './pin-rules';

describe('pinDigits', () => {
  it('keeps only the digits, up to the longest length', () => {
    expect(pinDigits('12ab34', 4)).toBe('1234');
    expect(pinDigits(' 9 8-7x6 5', 4)).toBe('9876');
    expect(pinDigits('abcd', 4)).toBe('');
  });
});
