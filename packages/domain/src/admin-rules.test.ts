import { describe, expect, it } from 'vitest';
import { searchDigitsOf } from './admin-rules';

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
