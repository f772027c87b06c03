import { describe, expect, it } from 'vitest';
import { formatDollars } from './money';

describe('formatDollars', () => {
  it('writes dollars and cents with thousands separators and a leading minus', () => {
    expect(formatDollars(13494)).toBe('$134.94');
    expect(formatDollars(50)).toBe('$0.50');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(123450)).toBe('$1,234.50');
    expect(formatDollars(-1000)).toBe('-$10.00');
    expect(formatDollars(100000000)).toBe('$1,000,000.00');
    expect(() => formatDollars(12.5)).toThrow('integer cents');
  });
});
