import { describe, expect, it } from 'vitest';
import { owingAmount, parseAmount, sanitizeAmount } from './amount';

describe('the one-off payment amount input (spec 3 section 5)', () => {
  it('keeps only digits and one decimal point', () => {
    expect(sanitizeAmount('1a2b3')).toBe('123');
    expect(sanitizeAmount('$12.50')).toBe('12.50');
    expect(sanitizeAmount('1.2.3')).toBe('1.23');
    expect(sanitizeAmount('-5e2')).toBe('52');
    expect(sanitizeAmount('1,000')).toBe('1000');
  });

  it("turns a leading '.' into '0.'", () => {
    expect(sanitizeAmount('.5')).toBe('0.5');
    expect(sanitizeAmount('.')).toBe('0.');
  });

  it('cuts the input to 6 characters', () => {
    expect(sanitizeAmount('1234567')).toBe('123456');
    expect(sanitizeAmount('123.4567')).toBe('123.45');
  });

  it('rounds more than 2 decimals to 2', () => {
    expect(sanitizeAmount('1.005')).toBe('1.01');
    expect(sanitizeAmount('0.125')).toBe('0.13');
    expect(sanitizeAmount('.124')).toBe('0.12');
    expect(sanitizeAmount('9.999')).toBe('10.00');
  });

  it('accepts at least $0.50, and nothing empty or unfinished', () => {
    expect(parseAmount('0.5')).toBe(0.5);
    expect(parseAmount('0.50')).toBe(0.5);
    expect(parseAmount('134.94')).toBe(134.94);
    expect(parseAmount('0.49')).toBeNull();
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('.')).toBeNull();
    expect(parseAmount('0')).toBeNull();
  });

  it('is prefilled with the amount owing, in dollars', () => {
    expect(owingAmount({ amount: 13494, status: 'Owing' })).toBe('134.94');
    expect(owingAmount({ amount: 0, status: 'Paid' })).toBe('');
    expect(owingAmount({ amount: -500, status: 'In Credit' })).toBe('');
    expect(owingAmount(undefined)).toBe('');
  });
});
