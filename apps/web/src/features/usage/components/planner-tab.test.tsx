import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usageSummary } from '@/test/usage-fixtures';
import { countingRules, PlannerTab } from './planner-tab';

// The period runs 03/03/26 to 01/04/26 (Brisbane); 'now' is 12 days in.
const NOW = new Date('2026-03-14T14:00:00.000Z');

function facts(title: string) {
  const card = screen.getByRole('region', { name: title });
  const entries = within(card)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
  return { card, facts: Object.fromEntries(entries) as Record<string, string> };
}

describe('Usage Planner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('projects when a fast pace runs the allowance out, and the daily budget that would last', () => {
    // 36 GB of 60 GB in 12 days: 3 GB a day, out in 8 more days; 24 GB over 18 days is 1.33 GB a day.
    render(
      <PlannerTab summary={usageSummary({ usedPeakQuota: 36_000, remainingPeakQuota: 24_000 })} />,
    );
    const { card, facts: f } = facts('Peak data');
    expect(f).toEqual({
      'Days remaining': '18 days, to 01/04/26',
      'Average daily use so far': '3 GB a day',
      'At this pace': 'Runs out on 23/03/26',
      'Daily budget to the period end': '1.33 GB a day',
    });
    expect(within(card).getByRole('progressbar', { name: 'Peak data used' })).toHaveAttribute(
      'aria-valuetext',
      'Used: 60%',
    );
    expect(within(card).getByText('40% elapsed (30 days)')).toBeInTheDocument();
    expect(card).toHaveTextContent(
      'At your pace so far (3 GB a day), your Peak data will run out on 23/03/26, before the period ends on 01/04/26. To make it last, use up to 1.33 GB a day.',
    );
  });

  it('says a slow pace lasts to the end of the period', () => {
    // 12 GB in 12 days: 1 GB a day, 30 GB by the end of 60 GB.
    render(
      <PlannerTab summary={usageSummary({ usedPeakQuota: 12_000, remainingPeakQuota: 48_000 })} />,
    );
    const { card, facts: f } = facts('Peak data');
    expect(f['At this pace']).toBe('Lasts to the end of the period');
    expect(f['Daily budget to the period end']).toBe('2.67 GB a day');
    expect(card).toHaveTextContent('lasts to the end of the period on 01/04/26');
  });

  it('says when the allowance is used up', () => {
    render(<PlannerTab summary={usageSummary({ usedPeakQuota: 61_000, remainingPeakQuota: 0 })} />);
    const { facts: f } = facts('Peak data');
    expect(f['At this pace']).toBe('Your Peak data is used up');
    expect(f['Daily budget to the period end']).toBe('0 B a day');
  });

  it('explains what counts against a Sky Muster Plus plan, in plain words', () => {
    expect(countingRules(usageSummary())).toEqual([
      'Your allowance this period is 50 GB of Peak data from your plan (Sky Muster Plus 50) and 10 GB from data blocks, 60 GB in all.',
      'Peak data is what you use between 4pm and midnight. Off-Peak data is unmetered between midnight and 4pm: it does not count.',
      'Downloads and uploads both count. Unmetered traffic, such as network updates, does not: 31.25 GB so far this period.',
      'Data blocks add to your allowance until the period ends on 01/04/26. Unused data does not carry over.',
      'When an allowance is used up, speeds are slowed (shaped) until the next period starts on 02/04/26, or until you buy a data block.',
    ]);
  });

  it('explains an Anytime plan with an Off-Peak allowance, and plans one card for each', () => {
    const summary = usageSummary({
      technology: 'Fixed Wireless',
      peakLabel: 'Anytime',
      plan: 'Wireless Plus 200',
      planPeakQuota: 100_000,
      blocksPeakQuota: 0,
      totalPeakQuota: 100_000,
      remainingPeakQuota: 76_000,
      planOffPeakQuota: 100_000,
      totalOffPeakQuota: 100_000,
      usedOffPeakQuota: 5000,
      remainingOffPeakQuota: 95_000,
    });
    expect(countingRules(summary).slice(0, 2)).toEqual([
      'Your allowance this period is 100 GB of Anytime data from your plan (Wireless Plus 200).',
      'Anytime data counts between 4pm and midnight. Between midnight and 4pm, data counts against your Off-Peak allowance of 100 GB.',
    ]);
    render(<PlannerTab summary={summary} />);
    expect(screen.getByRole('region', { name: 'Anytime data' })).toBeInTheDocument();
    expect(facts('Off-Peak data').facts['At this pace']).toBe('Lasts to the end of the period');
  });
});
