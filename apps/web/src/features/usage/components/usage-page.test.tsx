import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { screen, waitFor, within } from '@testing-library/react';
import type { PermissionName } from '@outpost/contracts/permissions';
import { describe, expect, it, vi } from 'vitest';
import { LIVE_CHAT_OFF } from '@/components/live-chat-entry';
import { setDefaultService } from '@/lib/session';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { currentPath, renderApp } from '@/test/render-app';
import { service, stubApi } from '@/test/services-fixtures';
import { activityBody, usageRow, usageSummary } from '@/test/usage-fixtures';

// uPlot draws on a canvas, which jsdom does not have: the chart's drawing is stubbed.
vi.mock('./uplot-chart', () => ({ createUsageChart: vi.fn(() => ({ destroy: () => {} })) }));

const skyMuster = service();
const pendingWireless = service({
  serviceid: 200102,
  status: 'pending',
  technology: 'Fixed Wireless',
  identifier: 'FW0200102',
  plan: 'Wireless Plus 200',
});
const landline = service({
  serviceid: 200103,
  type: 'Telephony',
  technology: 'Landline',
  identifier: '0746581234',
  plan: 'Home Phone Basic',
});
const limitless = service({
  serviceid: 200301,
  technology: 'Fixed Wireless',
  identifier: 'FW0200301',
  plan: 'Wireless Limitless',
  is_limitless: true,
  peak_quota: null,
});

const summaryPath = (serviceid: number) => buildPath(apiPaths.activitySummary, { serviceid });
const activityPath = (serviceid: number, by: string, type: string) =>
  `${buildPath(apiPaths.activity, { serviceid })}?by=${by}&type=${type}`;
const reportPath = (serviceid: number, by: string, type: string) =>
  `${buildPath(apiPaths.activityDetail, { serviceid })}?by=${by}&type=${type}`;

const limitlessSummary = usageSummary({
  serviceid: 200301,
  plan: 'Wireless Limitless',
  technology: 'Fixed Wireless',
  is_limitless: true,
  peakLabel: 'Anytime',
  planPeakQuota: null,
  planOffPeakQuota: null,
  totalPeakQuota: null,
  totalOffPeakQuota: null,
  remainingPeakQuota: null,
  remainingOffPeakQuota: null,
});

const hours = [usageRow('2026-03-14T15:00'), usageRow('2026-03-14T16:00', { Peak: 2500 })];
const days = [usageRow('2026-03-13T00:00'), usageRow('2026-03-14T00:00', { Peak: 3000 })];

function setup(
  path: string,
  routes: Parameters<typeof stubApi>[0] = {},
  permissions?: readonly PermissionName[],
) {
  signIn(permissions ? { permissions } : {});
  const api = stubApi({
    [`GET ${apiPaths.services}`]: () =>
      jsonResponse({ data: [landline, pendingWireless, skyMuster, limitless] }),
    [`GET ${summaryPath(200101)}`]: () => jsonResponse({ data: usageSummary() }),
    [`GET ${summaryPath(200301)}`]: () => jsonResponse({ data: limitlessSummary }),
    [`GET ${activityPath(200101, 'day', 'consumption')}`]: () =>
      jsonResponse(activityBody('day', 'consumption', days)),
    [`GET ${activityPath(200101, 'day', 'usage')}`]: () =>
      jsonResponse(activityBody('day', 'usage', days)),
    [`GET ${activityPath(200301, 'hour', 'usage')}`]: () =>
      jsonResponse(activityBody('hour', 'usage', hours)),
    ...routes,
  });
  const fetchMock = vi.fn(api.fetchMock);
  vi.stubGlobal('fetch', fetchMock);
  return { ...renderApp(path), calls: api.calls, fetchMock };
}

function tabNames() {
  return within(screen.getByRole('tablist', { name: 'Usage reports' }))
    .getAllByRole('tab')
    .map((tab) => tab.textContent);
}

describe('Data Usage: which plan, report and chart type it opens on', () => {
  it('offers the active Broadband services and opens the first on Summary with the consumption chart', async () => {
    setup('/services/usage');
    const select = await screen.findByRole('combobox', { name: 'Plan' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      // Name first (technology and address), then the plan, then the AVC id.
      'Sky Muster Plus at 12 Dingo Creek Rd, Longreach QLD 4730 · Sky Muster Plus 50 · SMP0200101',
      'Fixed Wireless at 12 Dingo Creek Rd, Longreach QLD 4730 · Wireless Limitless · FW0200301',
    ]);
    expect(select).toHaveValue('200101');
    expect(await screen.findByRole('tab', { name: 'Summary' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(tabNames()).toEqual(['Summary', 'Usage Planner', 'Hourly', 'Daily', 'Monthly']);
    expect(screen.getByRole('navigation', { name: 'My Services sections' })).toBeInTheDocument();
  });

  it('Live Chat on the web without a chat licence shows the other ways to reach us in place, without leaving the page', async () => {
    const { user, router } = setup('/services/usage');
    const chat = await screen.findByRole('button', { name: 'Live Chat' });
    expect(chat).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(LIVE_CHAT_OFF)).not.toBeInTheDocument();
    await user.click(chat);
    expect(chat).toHaveAttribute('aria-expanded', 'true');
    const options = within(screen.getByText(LIVE_CHAT_OFF).parentElement!);
    expect(options.getByRole('link', { name: '1300 975 707' })).toHaveAttribute(
      'href',
      'tel:1300975707',
    );
    expect(
      options.getByRole('link', { name: 'Contact options and opening hours' }),
    ).toHaveAttribute('href', '/support/contact');
    expect(currentPath(router)).toBe('/services/usage');
    expect(document.querySelector('script[src*="livechatinc"]')).toBeNull();
  });

  it('with view-activity but not view-services, reads the cut-down services list and shows the usage', async () => {
    const { calls } = setup(
      '/services/usage',
      {
        [`GET ${apiPaths.services}`]: () => errorResponse(403, 'Permission denied'),
        [`GET ${apiPaths.activityServices}`]: () =>
          jsonResponse({
            data: [skyMuster].map((s) => ({
              serviceid: s.serviceid,
              type: s.type,
              status: s.status,
              technology: s.technology,
              plan: s.plan,
              is_limitless: s.is_limitless,
              peak_quota: s.peak_quota,
              offpeak_quota: s.offpeak_quota,
              identifier: s.identifier,
              nickname: s.nickname,
              period_end: s.period_end,
            })),
          }),
      },
      ['view-activity'],
    );
    const select = await screen.findByRole('combobox', { name: 'Plan' });
    expect(select).toHaveValue('200101');
    // No address in the cut-down list: the service is named by its technology and AVC id.
    expect(within(select).getByRole('option')).toHaveTextContent(
      'Sky Muster Plus SMP0200101 · Sky Muster Plus 50',
    );
    expect(await screen.findByRole('tab', { name: 'Summary' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(calls.map((c) => c.path)).not.toContain(apiPaths.services);
  });

  it('opens a limitless default service on Hourly with the usage chart, without Summary or Usage Planner', async () => {
    setDefaultService('200301');
    const { calls } = setup('/services/usage');
    expect(await screen.findByRole('combobox', { name: 'Plan' })).toHaveValue('200301');
    expect(await screen.findByRole('tab', { name: 'Hourly' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(tabNames()).toEqual(['Hourly', 'Daily', 'Monthly']);
    expect(screen.getByRole('radio', { name: 'Upload / Download' })).toBeChecked();
    expect(await screen.findByRole('columnheader', { name: /^Downloaded \(/ })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain(activityPath(200301, 'hour', 'usage'));
  });

  it('prefers the plan in the address to the stored default, and ignores one it does not offer', async () => {
    setDefaultService('200301');
    setup('/services/usage?service=200101');
    expect(await screen.findByRole('combobox', { name: 'Plan' })).toHaveValue('200101');
  });

  it('falls back to the first active Broadband service when neither the address nor the default is offered', async () => {
    setDefaultService('200102');
    setup('/services/usage?service=200103');
    expect(await screen.findByRole('combobox', { name: 'Plan' })).toHaveValue('200101');
  });

  it('starts a newly chosen limitless plan on its own first report and keeps the choice in the address', async () => {
    const { user, router } = setup('/services/usage?service=200101&tab=daily&chart=consumption');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Plan' }), '200301');
    expect(currentPath(router)).toBe('/services/usage?service=200301&tab=hourly&chart=usage');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Hourly' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(tabNames()).toEqual(['Hourly', 'Daily', 'Monthly']);
  });

  it('starts the services list, the summary and the open report together, from the route loader', async () => {
    const { calls: all } = setup('/services/usage?service=200101&tab=daily&chart=consumption');
    expect(
      await screen.findByRole('table', { name: 'Usage by day, newest first' }),
    ).toBeInTheDocument();
    // The page's own calls (the header's alerts load beside them).
    const calls = all.filter((c) => c.path !== apiPaths.alerts);
    expect(
      calls
        .slice(0, 3)
        .map((c) => c.path)
        .sort(),
    ).toEqual(
      [apiPaths.services, summaryPath(200101), activityPath(200101, 'day', 'consumption')].sort(),
    );
    expect(calls).toHaveLength(3);
  });
});

describe('Data Usage: tabs and chart type', () => {
  it('loads the report of the chosen tab and chart type, keeping both in the address', async () => {
    const { user, router, calls } = setup('/services/usage?service=200101');
    await user.click(await screen.findByRole('tab', { name: 'Daily' }));
    expect(currentPath(router)).toBe('/services/usage?service=200101&tab=daily&chart=consumption');
    const table = await screen.findByRole('table', { name: 'Usage by day, newest first' });
    // Sky Muster Plus: off-peak is unmetered, so no Off-Peak column that is always empty.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Day', 'Peak (GB)', 'Unmetered (GB)', 'Shaped (excess) (GB)']);
    const rows = within(table).getAllByRole('row').slice(1);
    // One unit for the whole table (never MB beside GB): a zero reads 0.00, never '0 B'.
    expect(rows[0]).toHaveTextContent('Sat 14/03/263.000.800.00');
    expect(rows[1]).toHaveTextContent('Fri 13/03/261.200.800.00');
    expect(table).not.toHaveTextContent(/\bB\b/);
    expect(screen.getByRole('figure', { name: 'Daily usage chart' })).toHaveAccessibleDescription(
      `The table ‘Usage by day, newest first’ below lists the same figures.`,
    );
    expect(
      within(screen.getByRole('list', { name: 'Legend' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Peak', 'Unmetered', 'Shaped (excess)']);

    await user.click(screen.getByRole('radio', { name: 'Upload / Download' }));
    expect(currentPath(router)).toBe('/services/usage?service=200101&tab=daily&chart=usage');
    expect(await screen.findByRole('columnheader', { name: /^Downloaded \(/ })).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toContain(activityPath(200101, 'day', 'usage'));
  });

  it('keeps the Off-Peak column on a plan that counts off-peak data', async () => {
    setup('/services/usage?service=200101&tab=daily&chart=consumption', {
      [`GET ${summaryPath(200101)}`]: () =>
        jsonResponse({
          data: usageSummary({
            technology: 'Sky Muster',
            peakLabel: 'Anytime',
            planOffPeakQuota: 50_000,
            totalOffPeakQuota: 50_000,
            remainingOffPeakQuota: 50_000,
          }),
        }),
    });
    const table = await screen.findByRole('table', { name: 'Usage by day, newest first' });
    expect(within(table).getByRole('columnheader', { name: 'Off-Peak (GB)' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Sat 14/03/263.000.000.800.00');
  });

  it('moves along the tabs with the arrow keys and opens one with Enter', async () => {
    const { user, router } = setup('/services/usage?service=200101');
    const summary = await screen.findByRole('tab', { name: 'Summary' });
    summary.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Usage Planner' })).toHaveFocus();
    expect(summary).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Monthly' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(screen.getByRole('tab', { name: 'Monthly' })).toHaveFocus();
    expect(currentPath(router)).toContain('tab=monthly');
  });

  it('says so when nothing has been recorded yet this period', async () => {
    setup('/services/usage?service=200101&tab=daily&chart=consumption', {
      [`GET ${activityPath(200101, 'day', 'consumption')}`]: () =>
        jsonResponse(activityBody('day', 'consumption', [])),
    });
    expect(await screen.findByText('No usage recorded yet this period.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Report' })).toBeNull();
  });

  it('says the data could not be loaded, and tries again', async () => {
    let failing = true;
    const { user } = setup('/services/usage?service=200101&tab=daily&chart=consumption', {
      [`GET ${activityPath(200101, 'day', 'consumption')}`]: () =>
        failing
          ? errorResponse(500, 'Internal error: please try again later.')
          : jsonResponse(activityBody('day', 'consumption', days)),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was a problem loading data from server. Please try again later.',
    );
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('table', { name: 'Usage by day, newest first' }),
    ).toBeInTheDocument();
  });
});

describe('Data Usage: Summary', () => {
  it('shows the period, the allowance with plan and data blocks apart, the pace bar and the unmetered off-peak note', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 12 of 30 days in: 40% elapsed.
    vi.setSystemTime(new Date('2026-03-14T14:00:00.000Z'));
    setup('/services/usage?service=200101');
    const bar = await screen.findByRole('progressbar', { name: 'Peak data used' });
    expect(bar).toHaveAttribute('aria-valuetext', 'Used: 40%');
    expect(screen.getByText('40% elapsed (30 days)')).toBeInTheDocument();
    expect(screen.getByText('03/03/26')).toBeInTheDocument();
    expect(screen.getByText('01/04/26')).toBeInTheDocument();
    expect(
      screen.getByText('Off-Peak data is unmetered between midnight and 4pm.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Usage last updated: 14/03/26 4:00 pm (Brisbane time)'),
    ).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Usage summary for this period' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Data',
      'Used (GB)',
      'Plan allowance (GB)',
      'Data blocks (GB)',
      'Total allowance (GB)',
      'Remaining (GB)',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Peak data24.0050.0010.0060.0036.00');
    expect(rows[1]).toHaveTextContent('Unmetered data31.25Not counted');
    expect(rows[2]).toHaveTextContent('Shaped (excess) data0.00');
    // The plan notes are shown, sanitised.
    expect(screen.getByText('Your plan includes 50 GB of Peak data.')).toBeInTheDocument();
    expect(document.querySelector('.plan-notes script, .plan-notes [onerror]')).toBeNull();
    vi.useRealTimers();
  });

  it('says the summary could not be loaded', async () => {
    setup('/services/usage?service=200101', {
      [`GET ${summaryPath(200101)}`]: () => errorResponse(500, 'Internal error: x'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was a problem loading data from server. Please try again later.',
    );
  });
});

describe('Data Usage: Download Report', () => {
  function stubSaving() {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() }),
    );
    return vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  }

  it('goes from idle to downloading to success, saving report-day-usage-AVC000123456789.csv', async () => {
    const click = stubSaving();
    let answer: (response: Response) => void = () => {};
    const { user, fetchMock } = setup('/services/usage?service=200101&tab=daily&chart=usage', {
      [`GET ${reportPath(200101, 'day', 'usage')}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const button = await screen.findByRole('button', { name: 'Download Report' });
    const status = screen
      .getAllByRole('status')
      .find((s) => s.classList.contains('download-report__status'))!;
    expect(status).toHaveTextContent('');

    await user.click(button);
    expect(status).toHaveTextContent('Downloading the report…');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    // A second press while busy sends nothing.
    await user.click(button);
    expect(
      fetchMock.mock.calls.filter(([path]) => path === reportPath(200101, 'day', 'usage')),
    ).toHaveLength(1);

    answer(new Response('Local time (Brisbane),Downloaded (MB)\r\n', { status: 200 }));
    await waitFor(() => expect(status).toHaveTextContent('Report downloaded successfully.'));
    expect(button).not.toHaveAttribute('aria-busy');
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('report-day-usage-AVC000123456789.csv');
  });

  it('says the download failed', async () => {
    stubSaving();
    const { user } = setup('/services/usage?service=200101&tab=daily&chart=consumption', {
      [`GET ${reportPath(200101, 'day', 'consumption')}`]: () =>
        errorResponse(500, 'Internal error: x'),
    });
    await user.click(await screen.findByRole('button', { name: 'Download Report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while trying to download the file.',
    );
    expect(screen.queryByText('Report downloaded successfully.')).toBeNull();
  });
});
