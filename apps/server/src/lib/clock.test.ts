import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { PRODUCTION_OPT_INS } from '../test/production-env';
import { serverClock, systemClock } from './clock';

describe('the server clock', () => {
  it("is the system's unless CLOCK_START is set", () => {
    expect(serverClock(undefined)).toBe(systemClock);
    expect(loadConfig({}).clockStart).toBeUndefined();
  });

  it('with CLOCK_START, starts at that instant and runs on from there', async () => {
    const start = loadConfig({ CLOCK_START: '2026-11-18T09:30:00+10:00' }).clockStart;
    expect(start?.toISOString()).toBe('2026-11-17T23:30:00.000Z');
    const clock = serverClock(start);
    const first = clock().getTime();
    expect(first - start!.getTime()).toBeGreaterThanOrEqual(0);
    expect(first - start!.getTime()).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock().getTime() - first).toBeGreaterThanOrEqual(15);
  });

  it('refuses a CLOCK_START that is not an instant, and any in production', () => {
    expect(() => loadConfig({ CLOCK_START: 'next Tuesday' })).toThrow(/CLOCK_START/);
    expect(() =>
      loadConfig({
        ...PRODUCTION_OPT_INS,
        CLOCK_START: '2026-11-18T09:30:00+10:00',
      }),
    ).toThrow(/CLOCK_START: tests only/);
  });
});
