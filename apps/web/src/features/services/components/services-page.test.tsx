import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { PermissionName } from '@outpost/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { analytics } from '@/lib/analytics';
import { getDefaultService } from '@/lib/session';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { currentPath, renderApp } from '@/test/render-app';
import { service, skyMusterPlans, stubApi } from '@/test/services-fixtures';

const broadband = service({
  next_plan: 'Sky Muster Plus 100',
  upcoming: {
    planid: 23,
    plan: 'Sky Muster Plus 100',
    effective: '2026-04-01T14:00:00.000Z',
    peak_quota: 100_000,
    offpeak_quota: null,
    upload_speed: 5120,
    download_speed: 25600,
    unlimited: false,
    price: 8999,
  },
});
const pendingWireless = service({
  serviceid: 200102,
  status: 'pending',
  technology: 'Fixed Wireless',
  identifier: 'FW0200102',
  plan: 'Wireless Plus 200',
  upload_speed: 20480,
  download_speed: 61440,
  addr_abbr: 'Lot 4 Boulia Rd, Winton',
});
const landline = service({
  serviceid: 200103,
  type: 'Telephony',
  technology: 'Landline',
  identifier: '0746581234',
  plan: 'Home Phone Basic',
  price: 3000,
  peak_quota: null,
  upload_speed: null,
  download_speed: null,
  nickname: 'Kitchen phone',
  has_nickname: true,
});

const SERVICES_PERMISSIONS: PermissionName[] = [
  'view-services',
  'view-activity',
  'view-detailed-usage',
  'change-plan',
  'set-nickname',
  'purchase-block',
];

function setup(
  permissions: PermissionName[] = SERVICES_PERMISSIONS,
  answer = () => jsonResponse({ data: [broadband, pendingWireless, landline] }),
) {
  signIn({ permissions });
  const api = stubApi({
    [`GET ${apiPaths.services}`]: answer,
    [`GET ${buildPath(apiPaths.availablePlans, { serviceid: 200101 })}`]: () =>
      jsonResponse({ data: skyMusterPlans }),
    [`GET ${apiPaths.products}`]: () =>
      jsonResponse({
        data: [
          {
            productid: 1,
            name: 'Wi-Fi 6 Router AX1800',
            model: 'OP-AX1800',
            article: 'RT-1800',
            price: 14900,
            rrp: 19900,
            image: '/products/router-ax1800.webp',
            type: 'router',
          },
        ],
      }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return { ...renderApp('/services'), calls: api.calls };
}

async function manageTable() {
  return screen.findByRole('table', { name: 'Manage My Services' });
}

describe('My Services', () => {
  it('lists the active services with plan, allowance, speed and price, and the pending ones apart', async () => {
    const { calls } = setup();
    const rows = within(await manageTable())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);

    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('rowheader')).toHaveTextContent(
      // Its friendly name (technology and address), then its AVC id, then its plan.
      'Sky Muster Plus at 12 Dingo Creek Rd, Longreach QLD 4730SMP0200101Sky Muster Plus 50',
    );
    expect(first).toHaveTextContent('50 GB Peak');
    expect(first).toHaveTextContent('Standard evening speed (Up to 25/5 Mbps)');
    expect(first).toHaveTextContent('$69.99 a month');
    expect(within(second).getByRole('rowheader')).toHaveTextContent('Kitchen phone');
    expect(second).toHaveTextContent('$30.00 a month');

    const pending = screen.getByRole('region', { name: 'Pending Services' });
    expect(pending).toHaveTextContent('FW0200102');
    expect(pending).toHaveTextContent('Lot 4 Boulia Rd, Winton');
    expect(pending).toHaveTextContent('Pending');
    // Started by the route loader; the page reads the same query: one request.
    expect(calls.filter((c) => c.path === apiPaths.services)).toHaveLength(1);
  });

  it('offers each service its first action as a button and the others in its Manage menu', async () => {
    const { user } = setup();
    await manageTable();
    const actions = async (label: string) => {
      const group = screen.getByRole('group', { name: `Manage ${label}` });
      const primary = group.firstElementChild?.textContent;
      const manage = within(group).queryByRole('button', { name: `Manage ${label}` });
      if (!manage) return { primary, menu: [] };
      await user.click(manage);
      const menu = within(group)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
      await user.keyboard('{Escape}');
      return { primary, menu };
    };
    const withoutService = (text: string | null | undefined) => text?.replace(/ for .*$/, '');
    const names = async (label: string) => {
      const { primary, menu } = await actions(label);
      return [primary, ...menu].map(withoutService);
    };

    expect(await names('Sky Muster Plus SMP0200101')).toEqual([
      'View usage',
      'Make a Request',
      'Change Plan',
      'Buy Data Block',
      'Add Nickname',
    ]);
    // A named service offers a new name without removing the old one first (issue 35).
    expect(await names('Kitchen phone (Landline 07 4658 1234)')).toEqual([
      'Make a Request',
      'Edit Nickname',
      'Remove Nickname',
    ]);
    expect(await names('Fixed Wireless FW0200102')).toEqual(['Make a Request']);
    expect(screen.queryByRole('button', { name: 'Manage Fixed Wireless FW0200102' })).toBeNull();
    expect(
      screen.queryByRole('menuitem', {
        name: /Call Barring|Landline Options|Request Transfer|New Service/,
      }),
    ).toBeNull();
  });

  it('shows a suspended or cancelled service with its status, and offers no plan change or data block for it', async () => {
    const suspended = service({ status: 'suspended' });
    const cancelled = service({ serviceid: 200106, status: 'cancelled', identifier: 'SMP0200106' });
    const ending = service({
      serviceid: 200107,
      identifier: 'SMP0200107',
      cancels_on: '2026-04-09T14:00:00.000Z',
    });
    const { user } = setup(SERVICES_PERMISSIONS, () =>
      jsonResponse({ data: [suspended, cancelled, ending] }),
    );
    const table = await manageTable();
    const rowOf = (identifier: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => r.textContent?.includes(identifier))!;
    expect(within(rowOf('SMP0200101')).getByText('Suspended')).toBeInTheDocument();
    expect(within(rowOf('SMP0200106')).getByText('Cancelled')).toBeInTheDocument();
    expect(within(rowOf('SMP0200107')).getByText('Cancels 10/04/26')).toBeInTheDocument();
    const offered = async (label: string) => {
      const group = screen.getByRole('group', { name: `Manage ${label}` });
      const items = [group.firstElementChild?.textContent];
      const manage = within(group).queryByRole('button', { name: `Manage ${label}` });
      if (manage) {
        await user.click(manage);
        items.push(
          ...within(group)
            .getAllByRole('menuitem')
            .map((i) => i.textContent),
        );
        await user.keyboard('{Escape}');
      }
      return items.map((text) => text?.replace(/ for .*$/, ''));
    };
    expect(await offered('Sky Muster Plus SMP0200101')).toEqual([
      'View usage',
      'Make a Request',
      'Add Nickname',
    ]);
    expect(await offered('Sky Muster Plus SMP0200106')).toEqual(['View usage']);
    // A cancellation still to come leaves the service as it is until then.
    expect(await offered('Sky Muster Plus SMP0200107')).toContain('Buy Data Block');
  });

  it('opens Request Transfer and New Service (order-services), kept in the address', async () => {
    const track = vi.spyOn(analytics, 'track');
    const phone = { ...landline, can_transfer: true };
    const voip = service({
      serviceid: 200104,
      type: 'Telephony',
      technology: 'VOIP',
      identifier: '0755500456',
      can_transfer: true,
      can_ordernew: true,
    });
    const { user, router } = setup([...SERVICES_PERMISSIONS, 'order-services'], () =>
      jsonResponse({ data: [phone, voip] }),
    );
    await manageTable();
    await user.click(
      screen.getByRole('button', { name: 'Manage Kitchen phone (Landline 07 4658 1234)' }),
    );
    await user.click(
      screen.getByRole('menuitem', {
        name: 'Request Transfer for Kitchen phone (Landline 07 4658 1234)',
      }),
    );
    expect(await screen.findByRole('dialog', { name: 'Landline Transfer' })).toBeInTheDocument();
    expect(track).toHaveBeenCalledWith('Modal View', { path: '/services/transfer-landline' });
    expect(currentPath(router)).toBe('/services?order=request-transfer&service=200103');
    await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentPath(router)).toBe('/services');

    await user.click(screen.getByRole('button', { name: 'Manage VoIP 07 5550 0456' }));
    await user.click(
      screen.getByRole('menuitem', { name: 'Request Transfer for VoIP 07 5550 0456' }),
    );
    expect(await screen.findByRole('dialog', { name: 'VoIP Transfer' })).toBeInTheDocument();
    expect(track).toHaveBeenCalledWith('Modal View', { path: '/services/transfer-voip' });
    await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Manage VoIP 07 5550 0456' }));
    await user.click(screen.getByRole('menuitem', { name: 'New Service for VoIP 07 5550 0456' }));
    expect(await screen.findByRole('dialog', { name: 'New VoIP Service' })).toBeInTheDocument();
  });

  it('reopens the order dialog the address names (a reload), only where it is offered', async () => {
    signIn({ permissions: [...SERVICES_PERMISSIONS, 'order-services'] });
    const api = stubApi({
      [`GET ${apiPaths.services}`]: () =>
        jsonResponse({ data: [{ ...landline, can_transfer: true }] }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderApp('/services?order=request-transfer&service=200103');
    expect(await screen.findByRole('dialog', { name: 'Landline Transfer' })).toBeInTheDocument();
  });

  it('shows a view-only contact no change actions', async () => {
    setup(['view-services']);
    await manageTable();
    expect(
      screen.queryByRole('button', { name: /Change Plan|Buy Data Block|Nickname/ }),
    ).toBeNull();
    expect(screen.queryByRole('link', { name: /View usage/ })).toBeNull();
    const upcoming = screen.getByRole('table', { name: 'Upcoming Plan Changes' });
    expect(within(upcoming).queryByRole('button')).toBeNull();
  });

  it('lists the upcoming plan change and opens its cancellation', async () => {
    const track = vi.spyOn(analytics, 'track');
    const { user } = setup();
    const upcoming = await screen.findByRole('table', { name: 'Upcoming Plan Changes' });
    const row = within(upcoming).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Sky Muster Plus 50');
    expect(row).toHaveTextContent('Sky Muster Plus 100');
    expect(row).toHaveTextContent('100 GB Peak');
    expect(row).toHaveTextContent('$89.99 a month');
    expect(row).toHaveTextContent('02/04/26');

    await user.click(
      within(row).getByRole('button', { name: 'Cancel change for Sky Muster Plus SMP0200101' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Cancel Plan Change' })).toBeInTheDocument();
    expect(track).toHaveBeenCalledWith('Modal View', { path: '/services/cancel-plan-change' });
  });

  it('hides Upcoming Plan Changes when none are scheduled', async () => {
    setup(SERVICES_PERMISSIONS, () =>
      jsonResponse({ data: [{ ...broadband, upcoming: null, next_plan: null }] }),
    );
    await manageTable();
    expect(screen.queryByRole('heading', { name: 'Upcoming Plan Changes' })).toBeNull();
  });

  it('opens Change Plan from the service row', async () => {
    const { user } = setup();
    await manageTable();
    await user.click(screen.getByRole('button', { name: 'Manage Sky Muster Plus SMP0200101' }));
    await user.click(
      screen.getByRole('menuitem', { name: 'Change Plan for Sky Muster Plus SMP0200101' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change Plan' });
    expect(await within(dialog).findByRole('list', { name: 'Plans' })).toBeInTheDocument();
  });

  it('offers Order Now on the broadband services to purchase-products only, and opens the products', async () => {
    const track = vi.spyOn(analytics, 'track');
    const { user } = setup([...SERVICES_PERMISSIONS, 'purchase-products']);
    await manageTable();
    await user.click(screen.getByRole('button', { name: 'Manage Sky Muster Plus SMP0200101' }));
    expect(
      screen.getByRole('menuitem', { name: 'Order Now for Sky Muster Plus SMP0200101' }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    const landlineGroup = screen.getByRole('group', {
      name: 'Manage Kitchen phone (Landline 07 4658 1234)',
    });
    await user.click(within(landlineGroup).getByRole('button', { name: /^Manage/ }));
    expect(within(landlineGroup).queryByRole('menuitem', { name: /Order Now/ })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Manage Sky Muster Plus SMP0200101' }));
    await user.click(
      screen.getByRole('menuitem', { name: 'Order Now for Sky Muster Plus SMP0200101' }),
    );
    expect(track).toHaveBeenCalledWith('Modal View', { path: '/services/order-product' });
    // The modal's code arrives on first use (a loading dialog stands in until then).
    const router = await screen.findByRole('radio', { name: 'Wi-Fi 6 Router AX1800' });
    expect(screen.getByRole('dialog', { name: 'Purchase a Product' })).toContainElement(router);
  });

  it('stores the service as the default service when View usage is followed', async () => {
    const { user, router } = setup();
    await manageTable();
    await user.click(
      screen.getByRole('link', { name: 'View usage for Sky Muster Plus SMP0200101' }),
    );
    expect(getDefaultService()).toBe('200101');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Data Usage' }),
    ).toBeInTheDocument();
    expect(currentPath(router)).toBe('/services/usage');
  });

  it('says when there are no services', async () => {
    setup(SERVICES_PERMISSIONS, () => jsonResponse({ data: [] }));
    expect(await screen.findByText('You have no services yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says the services could not be loaded, and can try again', async () => {
    let fail = true;
    const { user } = setup(SERVICES_PERMISSIONS, () =>
      fail
        ? errorResponse(500, 'Internal error: please try again later.')
        : jsonResponse({ data: [broadband] }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was a problem loading data from server. Please try again later.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await manageTable()).toBeInTheDocument();
  });
});
