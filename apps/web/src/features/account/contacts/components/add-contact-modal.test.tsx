import { apiPaths } from '@outpost/contracts/api-paths';
import { messages } from '@outpost/contracts/messages';
import { permissionNames } from '@outpost/contracts/permissions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  contactPaths,
  contactsRoutes,
  defaultsFor,
  permissionsOf,
  stepUpRequired,
} from '@/test/contacts-fixtures';
import { errorResponse, jsonResponse, signIn, type SessionFixture } from '@/test/fixtures';
import { type FetchCall, stubApi } from '@/test/services-fixtures';
import { AddContactModal } from './add-contact-modal';

type Route = (call: FetchCall) => Response | Promise<Response>;

const NEW_ID = 5400;
const POST = `POST ${apiPaths.contacts}`;
const READ = `GET ${contactPaths.permissions(NEW_ID)}`;
const PATCH = `PATCH ${contactPaths.permissions(NEW_ID)}`;

function setup(extra: Record<string, Route> = {}, session: SessionFixture = {}) {
  signIn(session);
  const api = stubApi({
    ...contactsRoutes(),
    [POST]: () => jsonResponse({ data: { userid: NEW_ID } }),
    [READ]: () => jsonResponse({ data: permissionsOf(defaultsFor(50)) }),
    [PATCH]: () => jsonResponse({ data: permissionsOf([]) }),
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
      <AddContactModal onClose={onClose} />
    </QueryClientProvider>,
  );
  const sent = (route: string) =>
    api.calls.filter((c) => `${c.method} ${c.path}` === route).map((c) => c.body);
  return { user, onClose, sent, calls: api.calls };
}

async function fillDetails(user: UserEvent) {
  await user.selectOptions(screen.getByLabelText('Title'), 'Ms');
  await user.type(screen.getByLabelText('First name'), 'Robin');
  await user.type(screen.getByLabelText('Last name'), 'Example');
  await user.type(screen.getByLabelText('Date of birth'), '1990-05-17');
  await user.type(screen.getByLabelText('Email'), 'robin.example@example.com');
  await user.type(screen.getByLabelText(/^Contact number/), '0491e570199');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Roles & Permissions' });
}

const section = (name: string) => screen.getByRole('group', { name });
const ticked = () =>
  screen
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked && !box.id.endsWith('-all'))
    .map((box) => box.closest('.choice')!.textContent);

describe('Add Contact', () => {
  it('asks for every detail, with the spec messages, before going on', async () => {
    const { user } = setup();
    const dialog = screen.getByRole('dialog', { name: 'Add Contact' });
    expect(dialog).toHaveTextContent('Step 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    for (const label of ['Title', 'First name', 'Last name', 'Date of birth'])
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(messages.account.required);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      `${messages.account.required} We email them an invitation to set their own password.`,
    );
    expect(screen.getByLabelText(/^Contact number/)).toHaveAccessibleDescription(
      `${messages.account.required} ${messages.account.phoneHint('0491570006', '0755501234')}`,
    );
    expect(screen.getByLabelText('Title')).toHaveFocus();

    await user.type(screen.getByLabelText('Email'), 'robin@');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      `${messages.account.invalidEmail} We email them an invitation to set their own password.`,
    );
    expect(screen.queryByRole('heading', { name: 'Roles & Permissions' })).not.toBeInTheDocument();
  });

  it("keeps only the number's digits ('e' removed)", async () => {
    const { user } = setup();
    const number = screen.getByLabelText(/^Contact number/);
    await user.type(number, '04e91 570-199');
    expect(number).toHaveValue('0491570199');
    expect(number).toHaveAttribute('inputmode', 'numeric');
  });

  it('keeps the relationship disabled until a role is chosen, then lists only its relationships', async () => {
    const { user } = setup();
    await fillDetails(user);
    const relationship = screen.getByLabelText(/^Relationship/);
    expect(relationship).toBeDisabled();
    expect(relationship).toHaveAccessibleDescription('Choose a role first.');

    await user.selectOptions(screen.getByLabelText('Role'), 'Billing Contact');
    expect(relationship).toBeEnabled();
    expect(
      within(relationship)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a relationship', 'Accountant', 'Bookkeeper', 'Family Member']);
    await user.selectOptions(relationship, 'Bookkeeper');

    await user.selectOptions(screen.getByLabelText('Role'), 'Technical Contact');
    expect(relationship).toHaveValue('');
    expect(
      within(relationship)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a relationship', 'IT Support', 'Family Member', 'Tenant']);
  });

  it('requires a role and a relationship', async () => {
    const { user } = setup();
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Role')).toHaveAccessibleDescription(messages.account.required);
    await user.selectOptions(screen.getByLabelText('Role'), 'General Contact');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText(/^Relationship/)).toHaveAccessibleDescription(
      messages.account.required,
    );
  });

  it("preselects every permission the role's level allows, grouped by section", async () => {
    const { user } = setup();
    await fillDetails(user);
    await user.selectOptions(screen.getByLabelText('Role'), 'General Contact');
    expect(ticked()).toEqual([
      'View account details',
      'View alerts',
      'View services',
      'View data usage and data blocks',
      'View detailed usage',
      'View support tickets',
      'View referrals',
    ]);
    expect(screen.queryByRole('group', { name: 'Billing' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Role'), 'Billing Contact');
    expect(ticked()).toHaveLength(defaultsFor(50).length);
    expect(within(section('Billing')).getAllByRole('checkbox')).toHaveLength(7);
  });

  it('offers only the permissions the admin holds', async () => {
    const { user } = setup(
      {},
      { permissions: permissionNames.filter((p) => p !== 'purchase-block') },
    );
    await fillDetails(user);
    await user.selectOptions(screen.getByLabelText('Role'), 'Billing Contact');
    expect(screen.queryByLabelText('Buy data blocks')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Set service nicknames')).toBeChecked();
  });

  it('ticks and unticks a whole section with Select All', async () => {
    const { user } = setup();
    await fillDetails(user);
    await user.selectOptions(screen.getByLabelText('Role'), 'Billing Contact');
    const all = within(section('Services')).getByRole('checkbox', {
      name: 'Select All Services permissions',
    });
    expect(all).toBeChecked();
    await user.click(all);
    expect(
      within(section('Services'))
        .getAllByRole('checkbox')
        .filter((b) => (b as HTMLInputElement).checked),
    ).toEqual([]);
    expect(screen.getByLabelText('View account details')).toBeChecked();

    await user.click(screen.getByLabelText('View services'));
    expect(all).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    await user.click(all);
    expect(screen.getByLabelText('Buy data blocks')).toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(false);
  });

  it('adds the contact, then turns off the defaults the admin unticked, and says an invitation went', async () => {
    const { user, sent, calls } = setup();
    await fillDetails(user);
    await user.selectOptions(screen.getByLabelText('Role'), 'Billing Contact');
    await user.selectOptions(screen.getByLabelText(/^Relationship/), 'Bookkeeper');
    await user.click(screen.getByLabelText('Buy data blocks'));
    await user.click(screen.getByLabelText('Change payment methods'));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Confirm' })).toHaveFocus();
    const dialog = screen.getByRole('dialog', { name: 'Add Contact' });
    expect(dialog).toHaveTextContent('Step 3 of 3');
    expect(dialog).toHaveTextContent('NameMs Robin Example');
    expect(dialog).toHaveTextContent('Date of birth1990-05-17');
    expect(dialog).toHaveTextContent('Emailrobin.example@example.com');
    expect(dialog).toHaveTextContent('Contact number0491570199');
    expect(dialog).toHaveTextContent('RoleBilling Contact');
    expect(dialog).toHaveTextContent('RelationshipBookkeeper');
    expect(dialog).toHaveTextContent(
      'Services: View services, View data usage and data blocks, View detailed usage, Change plans and service options, Set service nicknames',
    );

    await user.click(screen.getByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByText(messages.account.contactAdded)).toHaveAttribute(
      'role',
      'status',
    );
    expect(dialog).toHaveTextContent(
      'We have emailed robin.example@example.com an invitation to set their own password.',
    );
    expect(sent(POST)).toEqual([
      {
        role: 'Billing Contact',
        relationship: 'Bookkeeper',
        title: 'Ms',
        given_names: 'Robin',
        surname: 'Example',
        email: 'robin.example@example.com',
        mobile: '0491570199',
        date_of_birth: '1990-05-17',
      },
    ]);
    expect(sent(PATCH)).toEqual([
      [
        { permission: 'purchase-block', enabled: 0 },
        { permission: 'edit-paymethods', enabled: 0 },
      ],
    ]);
    expect(
      calls
        .map((c) => `${c.method} ${c.path}`)
        .filter((c) => !c.startsWith('GET /api/portal/contacts/')),
    ).toEqual([POST, READ, PATCH]);
  });

  it('goes back from Confirm to the step to change, keeping what was entered', async () => {
    const { user } = setup();
    await fillDetails(user);
    await user.selectOptions(screen.getByLabelText('Role'), 'Billing Contact');
    await user.selectOptions(screen.getByLabelText(/^Relationship/), 'Accountant');
    await user.click(screen.getByLabelText('Buy data blocks'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Change the role or permissions' }));
    expect(await screen.findByRole('heading', { name: 'Roles & Permissions' })).toHaveFocus();
    expect(screen.getByLabelText(/^Relationship/)).toHaveValue('Accountant');
    expect(screen.getByLabelText('Buy data blocks')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Change the details' }));
    expect(await screen.findByRole('heading', { name: 'Details' })).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveValue('robin.example@example.com');
  });

  it('sends no PATCH when every default stays ticked', async () => {
    const { user, sent } = setup();
    await fillDetails(user);
    await user.selectOptions(screen.getByLabelText('Role'), 'Billing Contact');
    await user.selectOptions(screen.getByLabelText(/^Relationship/), 'Accountant');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByText(messages.account.contactAdded)).toBeInTheDocument();
    expect(sent(PATCH)).toEqual([]);
  });

  it("says so when the new contact's permissions cannot be read", async () => {
    const { user, sent } = setup({ [READ]: () => errorResponse(500, 'Internal error: boom') });
    await fillDetails(user);
    await user.selectOptions(screen.getByLabelText('Role'), 'Billing Contact');
    await user.selectOptions(screen.getByLabelText(/^Relationship/), 'Accountant');
    await user.click(screen.getByLabelText('Buy data blocks'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Add Contact' }));
    expect(await screen.findByText(messages.account.contactAdded)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.account.newUserPermissionsFailed);
    expect(sent(PATCH)).toEqual([]);
  });

  it("returns to step 1 with the server's error when adding fails", async () => {
    const { user } = setup({
      [POST]: () =>
        errorResponse(400, 'Bad request: Someone with that email address is already a contact.'),
    });
    await fillDetails(user);
    await user.selectOptions(screen.getByLabelText('Role'), 'General Contact');
    await user.selectOptions(screen.getByLabelText(/^Relationship/), 'Tenant');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Add Contact' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone with that email address is already a contact.',
    );
    expect(screen.getByRole('heading', { name: 'Details' })).toHaveFocus();
    expect(screen.getByLabelText('First name')).toHaveValue('Robin');
  });

  it('asks for a one-time code when the server wants one, then adds', async () => {
    let tries = 0;
    const { user, sent } = setup({
      [POST]: () =>
        (tries += 1) === 1 ? stepUpRequired() : jsonResponse({ data: { userid: NEW_ID } }),
      [`POST ${apiPaths.stepUpSend}`]: () =>
        jsonResponse({ data: { method: 'email', delivery: 'We have emailed a 6-digit code.' } }),
      [`POST ${apiPaths.stepUpVerify}`]: () =>
        jsonResponse({ data: { verified_until: '2026-11-24T10:10:00.000Z' } }),
    });
    await fillDetails(user);
    await user.selectOptions(screen.getByLabelText('Role'), 'General Contact');
    await user.selectOptions(screen.getByLabelText(/^Relationship/), 'Tenant');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Add Contact' }));

    expect(await screen.findByText(messages.account.savingContact)).toBeInTheDocument();
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.type(within(stepUp).getByLabelText('Verification code'), '135790');
    await user.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(messages.account.contactAdded)).toBeInTheDocument();
    expect(sent(POST)).toHaveLength(2);
  });
});
