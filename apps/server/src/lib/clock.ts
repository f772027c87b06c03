/** The time source; tests pass their own to move time forward. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/**
 * The server's clock: the system's, or (CLOCK_START, tests only) one that starts at a fixed
 * instant when the process starts and runs on from there, so the demo seed and everything the
 * pages derive from today (periods, due dates, hourly usage, days left) are the same on every
 * run: the visual regression suite (apps/web/playwright.visual.config.ts) uses it.
 */
export function serverClock(start: Date | undefined): Clock {
  if (!start) return systemClock;
  const startedAt = performance.now();
  return () => new Date(start.getTime() + (performance.now() - startedAt));
}
