import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UsageBar } from '../utils/usage';
import { UsageBars } from './usage-bars';

function peak(percent: number): UsageBar {
  return { id: 'peak', label: 'Peak', usedGb: (50 * percent) / 100, quotaGb: 50, percent };
}

function renderBar(percent: number) {
  render(<UsageBars bars={[peak(percent)]} />);
  return screen.getByRole('progressbar', { name: 'Peak data used' });
}

describe('UsageBars', () => {
  it('draws a horizontal bar as wide as the share used, with the share and figures written beside it', () => {
    const bar = renderBar(41);
    expect(bar).toHaveAttribute('aria-valuenow', '41');
    expect(bar).toHaveAttribute('aria-valuetext', '41% (20.5 GB of 50 GB)');
    expect(bar.querySelector('.usage-bars__fill')).toHaveStyle({ width: '41%' });
    const item = bar.closest('li')!;
    expect(item).toHaveTextContent('Peak 41%20.5 GB of 50 GB');
  });

  it('stays blue, with no warning, below 85 %', () => {
    const bar = renderBar(84);
    expect(bar.closest('li')).toHaveClass('usage-level-ok');
    expect(screen.queryByText(/used up/i)).toBeNull();
  });

  it('turns amber and says so at 85 %', () => {
    const bar = renderBar(85);
    expect(bar.closest('li')).toHaveClass('usage-level-warning');
    expect(screen.getByText('Nearly used up')).toBeVisible();
  });

  it('turns red and says so at 100 %, and keeps the bar full past it', () => {
    const bar = renderBar(112);
    expect(bar.closest('li')).toHaveClass('usage-level-over');
    expect(screen.getByText('Used up')).toBeVisible();
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(bar.querySelector('.usage-bars__fill')).toHaveStyle({ width: '100%' });
    expect(screen.getByText('112%')).toBeVisible();
  });

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
