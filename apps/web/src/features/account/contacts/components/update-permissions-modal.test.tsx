import { apiPaths } from '@outpost/contracts/api-paths';
import { messages } from '@outpost/contracts/messages';
import { permissionNames } from '@outpost/contracts/permissions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  contact,
  contactPaths,
  contactsRoutes,
  permissionsOf,
  stepUpRequired,
} from '@/test/contacts-fixtures';
import { errorResponse, jsonResponse, signIn, type SessionFixture } from '@/test/fixtures';
import { type FetchCall, stubApi } from '@/test/services-fixtures';
import { UpdatePermissionsModal } from './update-permissions-modal';

type Route = (call: FetchCall) => Response | Promise<Response>;

const ID = 8;
const READ = `GET ${contactPaths.permissions(ID)}`;
const PATCH = `PATCH ${contactPaths.permissions(ID)}`;
/** Sam, a Billing Contact (level 50), holds billing and a few services permissions. */
const held = [
  'view-account',
  'view-alerts',
  'view-services',
  'view-transactions',
  'view-invoices',
  'view-current-bill',
  'view-billing-activity',
  'view-paymethods',
];

function setup(extra: Record<string, Route> = {}, session: SessionFixture = {}) {
  signIn(session);
  const api = stubApi({
    ...contactsRoutes(),
    [READ]: () => jsonResponse({ data: permissionsOf(held) }),
    [PATCH]: () => jsonResponse({ data: permissionsOf(held) }),
    ...extra,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider
      client={
        new QueryClient({
          defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
        })
      }
    >
      <UpdatePermissionsModal contact={contact()} onClose={onClose} />
    </QueryClientProvider>,
  );
  const sent = (route: string) =>
    api.calls.filter((c) => `${c.method} ${c.path}` === route).map((c) => c.body);
  return { user, onClose, sent };
}

const group = (name: string) => screen.getByRole('group', { name });

describe('Update Permissions', () => {
  it("shows what the contact holds now, only what their role's level allows", async () => {
    setup();
    expect(
      await screen.findByRole('heading', { name: 'Permissions for Sam Ledger' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Update Permissions' })).toHaveTextContent(
      'Step 1 of 2',
    );
    expect(await screen.findByLabelText('View account details')).toBeChecked();
    expect(screen.getByLabelText('View services')).toBeChecked();
    expect(screen.getByLabelText('Buy data blocks')).not.toBeChecked();
    // Level 50: 'View contacts' needs 80, 'Order and transfer services' 80.
    expect(screen.queryByLabelText('View contacts')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Order and transfer services')).not.toBeInTheDocument();
    expect(
      within(group('Billing')).getByRole('checkbox', { name: 'Select All Billing permissions' }),
    ).not.toBeChecked();
  });

  it('saves only the changes, after listing them', async () => {
    const { user, sent } = setup();
    await user.click(await screen.findByLabelText('Buy data blocks'));
    await user.click(screen.getByLabelText('View alerts'));
    await user.click(
      within(group('Billing')).getByRole('checkbox', { name: 'Select All Billing permissions' }),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Confirm' })).toHaveFocus();
    const dialog = screen.getByRole('dialog', { name: 'Update Permissions' });
    expect(dialog).toHaveTextContent('Step 2 of 2');
    expect(dialog).toHaveTextContent(
      'GiveBuy data blocksChange payment methodsTake awayView alerts',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(messages.account.permissionsSaved)).toHaveAttribute(
      'role',
      'status',
    );
    expect(sent(PATCH)).toEqual([
      [
        { permission: 'view-alerts', enabled: 0 },
        { permission: 'purchase-block', enabled: 1 },
        { permission: 'edit-paymethods', enabled: 1 },
      ],
    ]);
  });

  it('offers no Save when nothing changed', async () => {
    const { user, sent } = setup();
    await user.click(await screen.findByLabelText('Buy data blocks'));
    await user.click(screen.getByLabelText('Buy data blocks'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('You have not changed any permissions. Select Back to change them.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(sent(PATCH)).toEqual([]);
  });

  it('shows what the admin does not hold, unchangeable, and Select All leaves it alone', async () => {
    const { user } = setup(
      {},
      { permissions: permissionNames.filter((p) => p !== 'edit-paymethods') },
    );
    const locked = await screen.findByLabelText('Change payment methods');
    expect(locked).toBeDisabled();
    expect(locked).toHaveAccessibleDescription(
      'Only someone who holds this permission can change it.',
    );
    const all = within(group('Billing')).getByRole('checkbox', {
      name: 'Select All Billing permissions',
    });
    expect(all).toBeChecked();
    await user.click(all);
    expect(screen.getByLabelText('View and download invoices')).not.toBeChecked();
    expect(locked).not.toBeChecked();
  });

  it("returns to step 1 with the server's error when saving fails", async () => {
    const { user } = setup({
      [PATCH]: () =>
        errorResponse(400, 'Bad request: A Billing Contact cannot hold View contacts.'),
    });
    await user.click(await screen.findByLabelText('Buy data blocks'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A Billing Contact cannot hold View contacts.',
    );
    expect(screen.getByRole('heading', { name: 'Permissions for Sam Ledger' })).toHaveFocus();
    expect(screen.getByLabelText('Buy data blocks')).toBeChecked();
  });

  it("says the page could not load when the contact's permissions cannot be read", async () => {
    setup({ [READ]: () => errorResponse(404, 'Invalid request: not found.') });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.account.loadPage);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('asks for a one-time code when the server wants one, then saves', async () => {
    let tries = 0;
    const { user, sent } = setup({
      [PATCH]: () =>
        (tries += 1) === 1 ? stepUpRequired() : jsonResponse({ data: permissionsOf(held) }),
      [`POST ${apiPaths.stepUpSend}`]: () =>
        jsonResponse({ data: { method: 'email', delivery: 'We have emailed a 6-digit code.' } }),
      [`POST ${apiPaths.stepUpVerify}`]: () =>
        jsonResponse({ data: { verified_until: '2026-11-24T10:10:00.000Z' } }),
    });
    await user.click(await screen.findByLabelText('Buy data blocks'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(stepUp).getByLabelText('Verification code'), '112233');
    await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(messages.account.permissionsSaved)).toBeInTheDocument();
    expect(sent(PATCH)).toHaveLength(2);
  });
});
