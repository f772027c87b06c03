import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setDefaultService } from '@/lib/session';
import { jsonResponse, signIn } from '@/test/fixtures';
import { currentPath, renderApp } from '@/test/render-app';
import { blocks, purchase, service, stubApi } from '@/test/services-fixtures';

const skyMuster = service();
const pendingWireless = service({
  serviceid: 200102,
  status: 'pending',
  technology: 'Fixed Wireless',
  identifier: 'FW0200102',
  plan: 'Wireless Plus 200',
});
const unlimited = service({ serviceid: 200105, is_limitless: true, identifier: 'SMP0200105' });
const landline = service({
  serviceid: 200103,
  type: 'Telephony',
  technology: 'Landline',
  identifier: '0746581234',
});

/** The end of a period that is still running. */
const inThisPeriod = new Date(Date.now() + 10 * 24 * 3600_000).toISOString();

const purchasesPath = (serviceid: number) => buildPath(apiPaths.blocksPurchased, { serviceid });

function setup(path: string) {
  signIn();
  const api = stubApi({
    [`GET ${apiPaths.services}`]: () =>
      jsonResponse({ data: [skyMuster, pendingWireless, unlimited, landline] }),
    [`GET ${purchasesPath(200101)}`]: () =>
      jsonResponse({
        data: [
          purchase({
            purchaseid: 2,
            block: 'Data Block 10 GB',
            peak_mb: 10_000,
            price: 2500,
            expires: inThisPeriod,
          }),
          purchase({
            purchaseid: 1,
            status: 'active',
            purchased: '2026-02-20T01:00:00.000Z',
            expires: inThisPeriod,
          }),
          // Bought in earlier periods: the server says expired, or (last-known data) still active.
          purchase({ purchaseid: 0, status: 'expired', purchased: '2026-01-20T01:00:00.000Z' }),
          purchase({ purchaseid: -1, status: 'active', purchased: '2025-12-20T01:00:00.000Z' }),
        ],
      }),
    [`GET ${purchasesPath(200102)}`]: () => jsonResponse({ data: [] }),
    [`GET ${buildPath(apiPaths.availableBlocks, { serviceid: 200101 })}`]: () =>
      jsonResponse({ data: blocks }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return { ...renderApp(path), calls: api.calls };
}

describe('Data Blocks', () => {
  it('shows the purchases of the service in the address, with status and price', async () => {
    const { calls } = setup('/services/data-blocks?service=200101');
    const table = await screen.findByRole('table', {
      name: 'Data blocks purchased for Sky Muster Plus SMP0200101',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent(/^05\/03\/26Data Block 10 GB10 GBNone\$25\.00Applying\d/);
    expect(rows[1]).toHaveTextContent(/^20\/02\/26Data Block 5 GB5 GBNone\$15\.00Active\d/);
    expect(within(table).getByRole('columnheader', { name: 'Peak data' })).toBeInTheDocument();
    // Both requests start from the route loader, side by side (the header's alerts aside).
    expect(
      calls
        .filter((c) => c.path !== apiPaths.alerts)
        .slice(0, 2)
        .map((c) => c.path)
        .sort(),
    ).toEqual([apiPaths.services, purchasesPath(200101)].sort());
  });

  it('shows a block of an earlier period as Expired, never Active', async () => {
    setup('/services/data-blocks?service=200101');
    const table = await screen.findByRole('table', {
      name: 'Data blocks purchased for Sky Muster Plus SMP0200101',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[2]).toHaveTextContent('20/01/26Data Block 5 GB5 GBNone$15.00Expired20/03/26');
    expect(rows[3]).toHaveTextContent('20/12/25Data Block 5 GB5 GBNone$15.00Expired20/03/26');
    expect(within(rows[3]!).queryByText('Active')).toBeNull();
  });

  it('lists only Broadband services that are not unlimited, and keeps the choice in the address', async () => {
    const { user, router } = setup('/services/data-blocks');
    const select = await screen.findByRole('combobox', { name: 'Plan' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      // Name first (technology and address), then the plan, then the AVC id.
      'Sky Muster Plus at 12 Dingo Creek Rd, Longreach QLD 4730 · Sky Muster Plus 50 · SMP0200101',
      'Fixed Wireless at 12 Dingo Creek Rd, Longreach QLD 4730 · Wireless Plus 200 (pending) · FW0200102',
    ]);
    expect(select).toHaveValue('200101');
    expect(screen.getByRole('button', { name: 'Buy Data Block' })).toBeInTheDocument();

    await user.selectOptions(select, '200102');
    expect(currentPath(router)).toBe('/services/data-blocks?service=200102');
    expect(
      await screen.findByText('No data blocks have been bought for this service.'),
    ).toBeInTheDocument();
    // Pending: no data blocks yet.
    expect(screen.queryByRole('button', { name: 'Buy Data Block' })).toBeNull();
  });

  it('shows a suspended service with its notice and no Buy Data Block, and leaves out a cancelled one', async () => {
    signIn();
    const suspended = service({ status: 'suspended' });
    const cancelled = service({ serviceid: 200106, status: 'cancelled', identifier: 'SMP0200106' });
    const api = stubApi({
      [`GET ${apiPaths.services}`]: () => jsonResponse({ data: [suspended, cancelled] }),
      [`GET ${purchasesPath(200101)}`]: () => jsonResponse({ data: [] }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderApp('/services/data-blocks');
    const select = await screen.findByRole('combobox', { name: 'Plan' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Sky Muster Plus at 12 Dingo Creek Rd, Longreach QLD 4730 · Sky Muster Plus 50 (suspended) · SMP0200101',
    ]);
    expect(
      await screen.findByText(
        "This service is suspended. You can still see its usage and bills, pay and open tickets, but you can't buy data blocks or change its plan. Call us or open a ticket to have it restored.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy Data Block' })).toBeNull();
  });

  it('opens on the stored default service when it can take data blocks', async () => {
    setDefaultService('200102');
    setup('/services/data-blocks');
    expect(await screen.findByRole('combobox', { name: 'Plan' })).toHaveValue('200102');
  });

  it('opens Buy a Data Block', async () => {
    const { user } = setup('/services/data-blocks?service=200101');
    await user.click(await screen.findByRole('button', { name: 'Buy Data Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy a Data Block' });
    expect(
      await within(dialog).findByRole('button', { name: 'Select Data Block 25 GB' }),
    ).toBeInTheDocument();
  });
});
