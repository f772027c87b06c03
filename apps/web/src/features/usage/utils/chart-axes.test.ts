import { describe, expect, it } from 'vitest';
import { xLabelSpace, xRange, yTickLabel, yTicks } from './chart-axes';

describe('usage chart axes', () => {
  it('puts the top gridline above the highest bar, with headroom, in round steps', () => {
    // A monthly bar of 105 GB rose above a top gridline of 100 GB.
    expect(yTicks(105_000)).toEqual([0, 25_000, 50_000, 75_000, 100_000, 125_000]);
    expect(yTicks(3_650)).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(yTicks(100_000).at(-1)).toBeGreaterThanOrEqual(105_000);
    for (const highest of [0.3, 7, 96, 420, 1250, 3999, 61_234, 2_400_000]) {
      const ticks = yTicks(highest);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(highest * 1.05);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
    expect(yTicks(0)).toEqual([0, 1]);
  });

  it('writes each y tick exactly', () => {
    expect(yTickLabel(1250)).toBe('1.25 GB');
    expect(yTickLabel(0)).toBe('0');
    expect(yTicks(4_800).map(yTickLabel)).toEqual(['0', '2 GB', '4 GB', '6 GB']);
    expect(yTicks(1_100).map(yTickLabel)).toEqual([
      '0',
      '250 MB',
      '500 MB',
      '750 MB',
      '1 GB',
      '1.25 GB',
    ]);
  });

  it('holds the first and the last bar whole', () => {
    expect(xRange(13)).toEqual([-0.5, 12.5]);
    expect(xRange(720)).toEqual([-0.5, 719.5]);
  });

  it('spaces x labels by the widest one, so they never run together', () => {
    const measure = (text: string) => text.length * 7;
    expect(xLabelSpace(['11/11 12 AM', '23/11 6 PM'], measure)).toBe(77 + 16);
    expect(xLabelSpace(['Nov 25'], measure)).toBe(42 + 16);
  });
});
