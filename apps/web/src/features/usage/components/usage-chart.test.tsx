import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setDataSaver } from '@/lib/data-saver';
import { UsageChart } from './usage-chart';

describe('usage chart with data saver (decision 032)', () => {
  it("draws a usage chart only after 'Show chart' when on", async () => {
    setDataSaver(true);
    const { container } = render(
      <UsageChart
        title="Daily usage chart"
        rows={[]}
        by="day"
        series={[]}
        tableName="Daily usage"
      />,
    );
    const show = screen.getByRole('button', { name: 'Show chart' });
    expect(container.querySelector('.usage-chart__canvas[aria-hidden="true"]')).toBeNull();
    await userEvent.click(show);
    expect(screen.queryByRole('button', { name: 'Show chart' })).not.toBeInTheDocument();
    expect(container.querySelector('.usage-chart__canvas[aria-hidden="true"]')).not.toBeNull();
  });

  it('draws it at once when off', () => {
    setDataSaver(false);
    render(
      <UsageChart
        title="Daily usage chart"
        rows={[]}
        by="day"
        series={[]}
        tableName="Daily usage"
      />,
    );
    expect(screen.queryByRole('button', { name: 'Show chart' })).not.toBeInTheDocument();
  });
});
