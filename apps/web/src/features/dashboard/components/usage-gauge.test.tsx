import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UsageBar } from '../utils/usage';
import { UsageBars, UsageGauge } from './usage-gauge';

function peak(percent: number): UsageBar {
  return { id: 'peak', label: 'Peak', usedGb: (50 * percent) / 100, quotaGb: 50, percent };
}

function renderGauge(percent: number) {
  render(<UsageGauge bar={peak(percent)} projection="At this pace it lasts the period" />);
  return screen.getByRole('progressbar', { name: 'Peak data used' });
}

describe('UsageGauge', () => {
  it('shows the share used, the figures and the projection beside the dial', () => {
    const dial = renderGauge(41);
    expect(dial).toHaveAttribute('aria-valuetext', '41% (20.5 GB of 50 GB)');
    expect(screen.getByText('41%')).toBeVisible();
    expect(screen.getByText('20.5 GB of 50 GB')).toBeVisible();
    expect(screen.getByText('At this pace it lasts the period')).toBeVisible();
  });

  it('stays blue, with no warning, below 85 %', () => {
    const dial = renderGauge(84);
    expect(dial.parentElement).toHaveClass('usage-level-ok');
    expect(screen.queryByText(/used up/i)).toBeNull();
  });

  it('turns amber and says so at 85 %', () => {
    const dial = renderGauge(85);
    expect(dial.parentElement).toHaveClass('usage-level-warning');
    expect(screen.getByText('Nearly used up')).toBeVisible();
  });

  it('turns red and says so at 100 %, and keeps the dial full past it', () => {
    const dial = renderGauge(112);
    expect(dial.parentElement).toHaveClass('usage-level-over');
    expect(screen.getByText('Used up')).toBeVisible();
    expect(dial).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('112%')).toBeVisible();
  });
});

describe('UsageBars', () => {
  it('colours each allowance by its own share: amber at 85 %, red at 100 %', () => {
    render(
      <UsageBars
        bars={[
          { id: 'peak', label: 'Anytime', usedGb: 85, quotaGb: 100, percent: 85 },
          { id: 'offpeak', label: 'Off-Peak', usedGb: 60, quotaGb: 60, percent: 100 },
        ]}
      />,
    );
    const anytime = screen.getByRole('progressbar', { name: 'Anytime data used' });
    const offPeak = screen.getByRole('progressbar', { name: 'Off-Peak data used' });
    expect(anytime.closest('li')).toHaveClass('usage-level-warning');
    expect(anytime.closest('li')).toHaveTextContent('Nearly used up');
    expect(offPeak.closest('li')).toHaveClass('usage-level-over');
    expect(offPeak.closest('li')).toHaveTextContent('Used up');
  });
});
