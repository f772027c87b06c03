import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { VISUAL_CLOCK_START } from './e2e/visual-clock';

const server = base.webServer as Exclude<typeof base.webServer, unknown[] | undefined>;

/**
 * The visual regression suite (issue 41; docs/styles.md "Visual regression"): e2e/*.visual.ts
 * screenshots every main route at 360 and 1280 px and compares each with its committed baseline
 * in e2e/visual-baselines/. Its own run of the main suite's server (same environment, a fresh
 * embedded database of its own, and a clock that starts at a fixed instant: CLOCK_START), because the main suite's specs change the seeded accounts
 * (payments, plan changes, tickets, read alerts) and the pictures must not depend on which ran
 * before. The main config does not match *.visual.ts.
 *
 * Regenerate the baselines after a deliberate change to the look:
 *   npm run test:visual:update   (then look at the diff of e2e/visual-baselines/ before committing)
 */
export default defineConfig({
  ...base,
  testMatch: '**/*.visual.ts',
  outputDir: '../../test-results/visual',
  // One picture per route and width, the same on every machine (no platform suffix: CI and the
  // development machines run the same Debian Chromium and system fonts).
  snapshotPathTemplate: '{testDir}/visual-baselines/{arg}{ext}',
  timeout: 120_000,
  expect: {
    ...base.expect,
    toHaveScreenshot: {
      // A pixel counts as changed when its colour differs by more than 20 % (anti-aliasing stays
      // under it); a picture fails when more than 0.2 % of its pixels changed: a button's new
      // colour or a moved card fails, a sub-pixel text shift does not.
      threshold: 0.2,
      maxDiffPixelRatio: 0.002,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
  use: {
    ...base.use,
    // Dates and numbers as an Australian reader sees them, in the demo provider's zone, whatever
    // the machine's own locale and zone.
    locale: 'en-AU',
    timezoneId: 'Australia/Brisbane',
    colorScheme: 'light',
    reducedMotion: 'reduce',
    screenshot: 'off',
  },
  webServer: {
    ...server,
    // The seed at start takes about a minute on two idle cores; twice that on a busy machine.
    timeout: 240_000,
    // The seed and every date the pages show, from the same instant on every run.
    env: { ...server.env, CLOCK_START: VISUAL_CLOCK_START },
  },
});
