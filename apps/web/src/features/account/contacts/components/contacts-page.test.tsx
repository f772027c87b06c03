import { apiPaths } from '@outpost/contracts/api-paths';
import { messages } from '@outpost/contracts/messages';
import { permissionNames } from '@outpost/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contactPaths, contacts, contactsRoutes, stepUpRequired } from '@/test/contacts-fixtures';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { currentPath, renderApp } from '@/test/render-app';
import { type FetchCall, stubApi } from '@/test/services-fixtures';

type Route = (call: FetchCall) => Response | Promise<Response>;

function setup(extra: Record<string, Route> = {}) {
  signIn();
  const api = stubApi({ ...contactsRoutes(), ...extra });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const view = renderApp('/account/permissions');
  const count = (route: string) => api.calls.filter((c) => `${c.method} ${c.path}` === route);
  return { ...view, calls: api.calls, count };
}

const table = () => screen.findByRole('table', { name: 'Contacts' });
const row = async (name: string) =>
  (await screen.findByRole('rowheader', { name: new RegExp(`^${name}`) })).closest('tr')!;

describe('Account Permissions', () => {
  it('lists the contacts with their role, relationship and a badge for any status but Active', async () => {
    setup();
    const rows = within(await table()).getAllByRole('row');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Account Permissions' }),
    ).toBeInTheDocument();
    expect(rows).toHaveLength(4);
    expect(rows[2]).toHaveTextContent(
      'Sam Ledgersam.ledger@example.com0491570110Billing ContactBookkeeper',
    );
    expect(rows[3]).toHaveTextContent(
      'Robin Examplerobin.example@example.comGeneral ContactTenant',
    );
    expect(within(rows[3]!).getByText('Invited')).toHaveClass('tag');
    expect(within(rows[2]!).queryByText('Active')).not.toBeInTheDocument();
  });

  it("offers Add Contact, and Permissions and Remove on every row but the caller's own", async () => {
    setup();
    await table();
    expect(screen.getByRole('button', { name: 'Add Contact' })).toBeInTheDocument();
    const own = await row('Jordan Citizen');
    expect(own).toHaveTextContent('(you)');
    expect(within(own).queryAllByRole('button')).toHaveLength(0);
    const other = await row('Sam Ledger');
    expect(
      within(other).getByRole('button', { name: 'Permissions of Sam Ledger' }),
    ).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: 'Remove Sam Ledger' })).toBeInTheDocument();
  });

  it('keeps the room of the table while it loads', async () => {
    signIn();
    let answer: (r: Response) => void = () => {};
    const api = stubApi({
      ...contactsRoutes(),
      [`GET ${apiPaths.contacts}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderApp('/account/permissions');
    expect(await screen.findByText('Loading contacts…')).toHaveAttribute('role', 'status');
    answer(jsonResponse({ data: contacts }));
    expect(await table()).toBeInTheDocument();
    expect(screen.queryByText('Loading contacts…')).not.toBeInTheDocument();
  });

  it('says the page could not load, and tries again on request', async () => {
    let fail = true;
    setup({
      [`GET ${apiPaths.contacts}`]: () =>
        fail ? errorResponse(500, 'Internal error: boom') : jsonResponse({ data: contacts }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.account.loadPage);
    fail = false;
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await table()).toBeInTheDocument();
  });

  it('says so when the account has no contacts', async () => {
    setup({ [`GET ${apiPaths.contacts}`]: () => jsonResponse({ data: [] }) });
    expect(
      await screen.findByText('There are no contacts on this account yet.'),
    ).toBeInTheDocument();
  });

  it('is not offered to someone without view-users and edit-users', async () => {
    signIn({ permissions: permissionNames.filter((p) => p !== 'edit-users') });
    const api = stubApi(contactsRoutes());
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    const { router } = renderApp('/account/permissions');
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(api.calls.some((c) => c.path === apiPaths.contacts)).toBe(false);
  });
});

describe('Remove Contact', () => {
  const DELETE = `DELETE ${contactPaths.contact(8)}`;

  it('asks to confirm, removes the contact, says so and reloads the list', async () => {
    let removed = false;
    const { user, count } = setup({
      [DELETE]: () => {
        removed = true;
        return jsonResponse({ data: { removed: true } });
      },
      [`GET ${apiPaths.contacts}`]: () =>
        jsonResponse({ data: removed ? contacts.filter((c) => c.user_id !== 8) : contacts }),
    });
    await user.click(
      within(await row('Sam Ledger')).getByRole('button', { name: 'Remove Sam Ledger' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove Contact' });
    expect(dialog).toHaveTextContent(messages.account.removeConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Remove Sam Ledger' }));

    expect(await screen.findByText(messages.account.removed)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Contacts' })).toHaveFocus();
    expect(count(DELETE)).toHaveLength(1);
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3),
    );
    expect(count(`GET ${apiPaths.contacts}`)).toHaveLength(2);
  });

  it("shows 'Removing contact... Please wait.' while it works", async () => {
    let answer: (r: Response) => void = () => {};
    const { user } = setup({
      [DELETE]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await user.click(
      within(await row('Sam Ledger')).getByRole('button', { name: 'Remove Sam Ledger' }),
    );
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove Sam Ledger' }),
    );
    expect(await screen.findByText(messages.account.removing)).toBeInTheDocument();
    answer(jsonResponse({ data: { removed: true } }));
    expect(await screen.findByText(messages.account.removed)).toBeInTheDocument();
  });

  it('closes the dialog and shows the error on the page when it fails, dismissible', async () => {
    const { user, count } = setup({
      [DELETE]: () => errorResponse(400, 'Bad request: The account holder cannot be removed.'),
    });
    await user.click(
      within(await row('Sam Ledger')).getByRole('button', { name: 'Remove Sam Ledger' }),
    );
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove Sam Ledger' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The account holder cannot be removed.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(count(`GET ${apiPaths.contacts}`)).toHaveLength(1);
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for a one-time code first when the server wants one, then removes', async () => {
    let asked = 0;
    const { user, calls } = setup({
      [DELETE]: () =>
        (asked += 1) === 1 ? stepUpRequired() : jsonResponse({ data: { removed: true } }),
      [`POST ${apiPaths.stepUpSend}`]: () =>
        jsonResponse({
          data: {
            method: 'sms',
            delivery:
              'We have sent a 6-digit code by SMS to your mobile ending in 110. It expires in 10 minutes.',
          },
        }),
      [`POST ${apiPaths.stepUpVerify}`]: () =>
        jsonResponse({ data: { verified_until: '2026-11-24T10:10:00.000Z' } }),
    });
    await user.click(
      within(await row('Sam Ledger')).getByRole('button', { name: 'Remove Sam Ledger' }),
    );
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove Sam Ledger' }),
    );
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(
      await within(stepUp).findByText(
        'We have sent a 6-digit code by SMS to your mobile ending in 110. It expires in 10 minutes.',
      ),
    ).toBeInTheDocument();
    await user.type(within(stepUp).getByLabelText('Verification code'), '246810');
    await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(messages.account.removed)).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`).filter((c) => !c.startsWith('GET'))).toEqual([
      DELETE,
      `POST ${apiPaths.stepUpSend}`,
      `POST ${apiPaths.stepUpVerify}`,
      DELETE,
    ]);
  });
});
