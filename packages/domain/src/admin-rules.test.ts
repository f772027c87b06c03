import { describe, expect, it } from 'vitest';
import { priceChangeDateProblem, searchDigitsOf } from './admin-rules';

describe('searchDigitsOf', () => {
  it.each([
    ['0491 570 114', '0491570114'],
    ['+61 491 570 114', '0491570114'],
    ['61491570114', '0491570114'],
    ['+61 7 5550 0123', '0755500123'],
    // Not a national number in international form: the digits as they are.
    ['6149157011', '6149157011'],
    ['100061491570114', '100061491570114'],
    ['AVC000123', '000123'],
    ['Harper', ''],
  ])('%s reads as %s', (query, digits) => {
    expect(searchDigitsOf(query)).toBe(digits);
  });
});

describe('priceChangeDateProblem', () => {
  it('takes tomorrow to two years ahead, and refuses today, the past and further', () => {
    expect(priceChangeDateProblem('2027-03-02', '2027-03-01')).toBeNull();
    // 730 days (2028 is a leap year).
    expect(priceChangeDateProblem('2029-02-28', '2027-03-01')).toBeNull();
    expect(priceChangeDateProblem('2027-03-01', '2027-03-01')).toBe(
      'A price change takes effect from tomorrow or a later day.',
    );
    expect(priceChangeDateProblem('2026-12-31', '2027-03-01')).toBe(
      'A price change takes effect from tomorrow or a later day.',
    );
    expect(priceChangeDateProblem('2029-03-01', '2027-03-01')).toBe(
      'A price change can be scheduled up to two years ahead.',
    );
    expect(priceChangeDateProblem('', '2027-03-01')).toBe('Give the day the new price starts.');
  });
});
