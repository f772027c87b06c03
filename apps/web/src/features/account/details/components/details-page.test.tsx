import { apiPaths } from '@outpost/contracts/api-paths';
import type { OwnContact, UserAccount } from '@outpost/contracts/account';
import { permissionNames } from '@outpost/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { type FetchCall, stubApi } from '@/test/services-fixtures';
import { getStoredUser } from '@/lib/session';

const account: UserAccount = {
  accountid: 100001,
  account_holder: 'Jordan Citizen',
  services: 3,
  balance: { amount: 13494, status: 'Owing' },
};
const contact: OwnContact = {
  title: 'Mr',
  given_names: 'Jordan',
  surname: 'Citizen',
  email: { email: 'jordan.citizen@example.com' },
  mobile: { phone: '0491570156' },
  date_of_birth: '1961-04-12',
  account: { account_holder: true },
  pending: { email: null, mobile: null },
};
const PATCH = `PATCH ${apiPaths.ownContact}`;
const VERIFY = `POST ${apiPaths.ownContactVerify}`;

function setup({
  patch,
  verify,
  permissions = ['view-account', 'view-services', 'view-invoices'],
  failContact = false,
  current = contact,
}: {
  patch?: (call: FetchCall) => Response | Promise<Response>;
  verify?: (call: FetchCall) => Response | Promise<Response>;
  permissions?: string[];
  failContact?: boolean;
  current?: OwnContact;
} = {}) {
  signIn();
  const api = stubApi({
    [`GET ${apiPaths.userAccount}`]: () => jsonResponse({ data: account }),
    [`GET ${apiPaths.ownContact}`]: () =>
      failContact
        ? errorResponse(500, 'Internal error: please try again later.')
        : jsonResponse({ data: current }),
    [`GET ${apiPaths.permissions}`]: () =>
      jsonResponse({
        data: permissionNames.map((permission) => ({
          permission,
          enabled: permissions.includes(permission) ? 1 : 0,
        })),
      }),
    ...(patch ? { [PATCH]: patch } : {}),
    ...(verify ? { [VERIFY]: verify } : {}),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return { ...renderApp('/account/details'), calls: api.calls };
}

describe('My Details', () => {
  it('shows the summary and the own contact with title and names read-only', async () => {
    setup();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(await within(summary).findByText('100001')).toBeInTheDocument();
    expect(within(summary).getByText('Jordan Citizen')).toBeInTheDocument();
    expect(within(summary).getByText('3')).toBeInTheDocument();
    expect(within(summary).getByText('$134.94')).toBeInTheDocument();
    expect(within(summary).getByText('Owing')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Details' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveValue('jordan.citizen@example.com'),
    );
    expect(screen.getByLabelText('Title')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('First name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('First name')).toHaveValue('Jordan');
    expect(screen.getByLabelText(/Contact Number/)).toHaveValue('0491570156');
    expect(screen.getByText('Example: 0491570006 or 0755501234')).toBeInTheDocument();
  });

  it("needs an email ('This field is required'), a valid one ('Invalid Email address'), and sends nothing until then", async () => {
    const { user, calls } = setup({ patch: () => jsonResponse({ data: contact }) });
    const email = await screen.findByLabelText('Email');
    await waitFor(() => expect(email).toHaveValue('jordan.citizen@example.com'));
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.type(email, 'jordan@example');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Invalid Email address')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it("keeps only digits in the contact number (the letter 'e' is stripped)", async () => {
    const { user } = setup();
    const number = await screen.findByLabelText(/Contact Number/);
    await waitFor(() => expect(number).toHaveValue('0491570156'));
    await user.clear(number);
    await user.type(number, '07e55 501-234');
    expect(number).toHaveValue('0755501234');
  });

  it("saves: 'Updating your contact details... Please wait.', then 'Success!', the stored name follows, and closing reloads the data", async () => {
    let answer: (r: Response) => void = () => {};
    const { user, calls, queryClient } = setup({
      patch: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const email = await screen.findByLabelText('Email');
    await waitFor(() => expect(email).toHaveValue('jordan.citizen@example.com'));
    await user.clear(email);
    await user.type(email, 'jordan.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Updating your contact details... Please wait.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      title: 'Mr',
      given_names: 'Jordan',
      surname: 'Citizen',
      email: 'jordan.new@example.com',
      mobile: '0491570156',
    });
    answer(
      jsonResponse({
        data: { ...contact, given_names: 'Jordy', email: { email: 'jordan.new@example.com' } },
      }),
    );
    expect(await screen.findByText('Success!')).toBeInTheDocument();
    expect(getStoredUser()?.given_names).toBe('Jordy');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['users', 'current', 'contact'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['users', 'current', 'account'] });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for the code sent to a new email, says what is wrong with a wrong one, then confirms it', async () => {
    const waiting = { ...contact, pending: { email: 'jordan.new@example.com', mobile: null } };
    let tries = 0;
    const { user, calls } = setup({
      patch: () => jsonResponse({ data: waiting }),
      verify: () =>
        ++tries === 1
          ? errorResponse(
              400,
              'Invalid request: That code is not right, or it has expired. Check it, or select Update again to get a new code.',
            )
          : jsonResponse({
              data: { ...contact, email: { email: 'jordan.new@example.com' } },
            }),
    });
    const email = await screen.findByLabelText('Email');
    await waitFor(() => expect(email).toHaveValue('jordan.citizen@example.com'));
    await user.clear(email);
    await user.type(email, 'jordan.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Contact Details' });
    expect(
      await within(dialog).findByText(
        'We have sent a 6-digit code to your new email address. Your details change when you enter it. The code expires in 10 minutes.',
      ),
    ).toBeInTheDocument();
    const code = within(dialog).getByLabelText('Code sent to jordan.new@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter the 6-digit code.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(code, '12a3456');
    expect(code).toHaveValue('123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That code is not right, or it has expired.',
    );
    await user.clear(within(dialog).getByLabelText('Code sent to jordan.new@example.com'));
    await user.type(within(dialog).getByLabelText('Code sent to jordan.new@example.com'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Success!')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { kind: 'email', code: '123456' },
      { kind: 'email', code: '654321' },
    ]);
  });

  it('shows a change waiting for its code, and the way to enter it', async () => {
    const { user } = setup({
      current: { ...contact, pending: { email: null, mobile: '0491570999' } },
    });
    expect(await screen.findByText(/Your new mobile/, { selector: 'p' })).toHaveTextContent(
      'Your new mobile 0491570999 is waiting for the code we sent to it. Until you enter it, we keep using 0491570156.',
    );
    await user.click(screen.getByRole('button', { name: 'Enter the code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Contact Details' });
    expect(within(dialog).getByLabelText('Code sent by SMS to 0491570999')).toBeInTheDocument();
  });

  it("shows the server's refusal on the page and keeps the form", async () => {
    const { user } = setup({
      patch: () => errorResponse(400, 'Bad request: Invalid Email address'),
    });
    const email = await screen.findByLabelText('Email');
    await waitFor(() => expect(email).toHaveValue('jordan.citizen@example.com'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Email address');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(email).toHaveValue('jordan.citizen@example.com');
  });

  it('View Permissions lists only the enabled permissions, by section', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'View Permissions' }));
    const dialog = await screen.findByRole('dialog', { name: 'View Permissions' });
    const account = await within(dialog).findByRole('region', { name: 'Account' });
    expect(
      within(account)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['View account details']);
    const services = within(dialog).getByRole('region', { name: 'Services' });
    expect(
      within(services)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['View services']);
    const billing = within(dialog).getByRole('region', { name: 'Billing' });
    expect(
      within(billing)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['View and download invoices']);
    expect(within(dialog).queryByRole('region', { name: 'Support' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Add, change and remove contacts')).not.toBeInTheDocument();
  });

  it("says 'There was a problem loading the page. Please try again later.' when the contact fails to load", async () => {
    setup({ failContact: true });
    expect(
      await screen.findByText('There was a problem loading the page. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
