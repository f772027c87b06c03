import type { Preference } from '@outpost/contracts/account';
import { apiPaths } from '@outpost/contracts/api-paths';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { type FetchCall, stubApi } from '@/test/services-fixtures';

const list: Preference[] = [
  {
    id: 1,
    section: 'Preferences',
    preference: 'Invoice delivery',
    type: 'selection',
    data: [
      { value: 'Email', selected: true },
      { value: 'Paper (post)', selected: false },
    ],
    permissions: ['view-invoices'],
  },
  {
    id: 4,
    section: 'Preferences',
    preference: 'Usage alerts by email',
    type: 'toggle',
    data: { value: true },
    permissions: ['view-activity'],
  },
  {
    id: 7,
    section: 'Alternate Contact',
    preference: 'Name',
    type: 'text',
    data: { value: '' },
    permissions: [],
  },
  {
    id: 8,
    section: 'Alternate Contact',
    preference: 'Phone',
    type: 'phone',
    data: { value: '' },
    permissions: [],
  },
  {
    id: 9,
    section: 'Alternate Contact',
    preference: 'Email',
    type: 'email',
    data: { value: '' },
    permissions: [],
  },
  {
    id: 10,
    section: 'Two Factor Authentication',
    preference: 'Two-factor method',
    type: 'info',
    data: { value: 'On: a code by SMS', change_at: '/account/security' },
    permissions: [],
  },
];

const PATCH = `PATCH ${apiPaths.preferences}`;

function setup({
  get = () => jsonResponse({ data: list }),
  patch,
}: {
  get?: () => Response;
  patch?: (call: FetchCall) => Response | Promise<Response>;
} = {}) {
  signIn();
  const api = stubApi({
    [`GET ${apiPaths.preferences}`]: get,
    ...(patch ? { [PATCH]: patch } : {}),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return { ...renderApp('/account/preferences'), calls: api.calls };
}

describe('Account Preferences', () => {
  it('lists the preferences by section, each by its type', async () => {
    setup();
    const preferences = await screen.findByRole('region', { name: 'Preferences' });
    const delivery = within(preferences).getByRole('group', { name: 'Invoice delivery' });
    expect(within(delivery).getByRole('radio', { name: 'Email' })).toBeChecked();
    expect(within(delivery).getByRole('radio', { name: 'Paper (post)' })).not.toBeChecked();
    expect(
      within(preferences).getByRole('checkbox', { name: 'Usage alerts by email' }),
    ).toBeChecked();
    const alternate = screen.getByRole('region', { name: 'Alternate Contact' });
    expect(within(alternate).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(within(alternate).getByText('Example: 0491570006 or 0755501234')).toBeInTheDocument();
    const twoFactor = screen.getByRole('region', { name: 'Two Factor Authentication' });
    expect(within(twoFactor).getByText('On: a code by SMS')).toBeInTheDocument();
    expect(
      within(twoFactor).getByRole('link', { name: 'Change it on Account Security' }),
    ).toHaveAttribute('href', '/account/security');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Account Preferences' }),
    ).toBeInTheDocument();
  });

  it('saves only the changed preferences as a list of {id, data} and says so', async () => {
    let answer: (r: Response) => void = () => {};
    const { user, calls } = setup({
      patch: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await user.click(await screen.findByRole('radio', { name: 'Paper (post)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Usage alerts by email' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Pat Citizen');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual([
      {
        id: 1,
        data: [
          { value: 'Email', selected: false },
          { value: 'Paper (post)', selected: true },
        ],
      },
      { id: 4, data: { value: false } },
      { id: 7, data: { value: 'Pat Citizen' } },
    ]);
    answer(jsonResponse({ data: list }));
    expect(await screen.findByText('Your preferences have been saved.')).toBeInTheDocument();
  });

  it('checks the alternate email and phone before sending', async () => {
    const { user, calls } = setup({ patch: () => jsonResponse({ data: list }) });
    const phone = await screen.findByRole('textbox', { name: /Phone/ });
    await user.type(phone, '12e34');
    expect(phone).toHaveValue('1234');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'pat@');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid Email address')).toBeInTheDocument();
    expect(
      screen.getByText('Enter the number as 8 to 15 digits, like the examples.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it("shows the server's refusal and keeps the choices", async () => {
    const { user } = setup({
      patch: () =>
        errorResponse(
          400,
          "Invalid request: Invoice delivery: choose one of 'Email', 'Paper (post)'.",
        ),
    });
    await user.click(await screen.findByRole('radio', { name: 'Paper (post)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Error: Invoice delivery: choose one of 'Email', 'Paper (post)'.",
    );
    expect(screen.getByRole('radio', { name: 'Paper (post)' })).toBeChecked();
  });

  it('says there is nothing to save when nothing changed', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('There are no changes to save.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it("says 'There was a problem loading the page. Please try again later.' when the list fails", async () => {
    setup({ get: () => errorResponse(500, 'Internal error: please try again later.') });
    await waitFor(() =>
      expect(
        screen.getByText('There was a problem loading the page. Please try again later.'),
      ).toBeInTheDocument(),
    );
  });
});
