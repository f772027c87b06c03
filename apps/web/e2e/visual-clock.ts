/**
 * The instant the visual suite's server clock starts at (CLOCK_START; apps/server lib/clock) and
 * the browser's clock is set to (page.clock): a Wednesday morning in the demo provider's
 * business hours, so the seed (periods, bills, hourly usage, tickets' due times) and the days left
 * are the same on every run, whatever today is.
 */
export const VISUAL_CLOCK_START = '2026-11-18T09:30:00+10:00';
