import { apiPaths } from '@outpost/contracts/api-paths';
import { permissionNames } from '@outpost/contracts/permissions';
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { billingRoutes, paymethods } from '@/test/billing-fixtures';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { type FetchCall, stubApi } from '@/test/services-fixtures';
import type { Paymethods } from '@outpost/contracts/billing';
import type * as ReviewNotes from '@/lib/native/review-notes';

const review = vi.hoisted(() => ({ noteTaskCompleted: vi.fn() }));
vi.mock('@/lib/native/review-notes', async (importOriginal) => ({
  ...(await importOriginal<typeof ReviewNotes>()),
  noteTaskCompleted: review.noteTaskCompleted,
}));

beforeEach(() => review.noteTaskCompleted.mockClear());

const PATCH = `PATCH ${apiPaths.paymethods}`;

function setup({
  methods = paymethods(),
  canEdit = true,
  patch,
}: {
  methods?: Paymethods;
  canEdit?: boolean;
  patch?: (call: FetchCall) => Response | Promise<Response>;
} = {}) {
  signIn({ permissions: permissionNames.filter((p) => canEdit || p !== 'edit-paymethods') });
  const api = stubApi({
    ...billingRoutes(methods),
    ...(patch ? { [PATCH]: patch } : {}),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return { ...renderApp('/billing/recurring-payment-method'), calls: api.calls };
}

/** Remove Card / Remove Account, then the confirm step's own Remove button. */
async function removeConfirmed(user: ReturnType<typeof setup>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name });
  await user.click(within(dialog).getByRole('button', { name }));
}

function section(name: string) {
  return screen.getByRole('region', { name: new RegExp(`^${name}`) });
}

describe('Recurring Payment Method', () => {
  it('shows the loading text, then the current method, the card and the bank account', async () => {
    signIn();
    let answer: (r: Response) => void = () => {};
    const api = stubApi({
      ...billingRoutes(),
      [`GET ${apiPaths.paymethods}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    renderApp('/billing/recurring-payment-method');
    expect(await screen.findByText('Loading saved payment methods...')).toBeInTheDocument();
    answer(jsonResponse({ data: paymethods() }));
    expect(await screen.findByText('Automatic debit from Bank Account')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(within(section('Credit Card')).getByText('Visa ending in 4242')).toBeInTheDocument();
    expect(within(section('Credit Card')).getByText('12/30')).toBeInTheDocument();
    expect(within(section('Direct Debit')).getByText('Jordan Citizen')).toBeInTheDocument();
    expect(within(section('Direct Debit')).getByText('ending in 6789')).toBeInTheDocument();
  });

  it("shows 'N/A' where nothing is saved, and only Add buttons", async () => {
    setup({
      methods: paymethods({
        card_details: null,
        bank_details: null,
        current: { method: 'Not Yet Set', status: '' },
      }),
    });
    await screen.findByText('Not Yet Set');
    expect(within(section('Direct Debit')).getAllByText('N/A')).toHaveLength(2);
    expect(within(section('Credit Card')).getAllByText('N/A')).toHaveLength(2);
    // Said in words beside each title.
    expect(
      within(section('Direct Debit')).getByRole('heading', {
        name: 'Direct Debit No account saved',
      }),
    ).toBeInTheDocument();
    expect(
      within(section('Credit Card')).getByRole('heading', { name: 'Credit Card No card saved' }),
    ).toBeInTheDocument();
    const buttons = screen
      .getAllByRole('button', { name: /Card|Account|Default/ })
      .map((b) => b.textContent);
    expect(buttons).toEqual(['Add Card', 'Add Account']);
  });

  it('offline, every change waits with the reason under each row, and comes back online', async () => {
    setup();
    await screen.findByText('Automatic debit from Bank Account');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      const reason = "You're offline. This needs a connection: try again when you're back online.";
      for (const name of ['Credit Card', 'Direct Debit']) {
        const row = within(section(name));
        expect(row.getByText(reason)).toBeInTheDocument();
        for (const button of row.getAllByRole('button')) {
          expect(button).toBeDisabled();
          expect(button).toHaveAccessibleDescription(reason);
        }
      }
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      expect(await screen.findByRole('button', { name: 'Update Card' })).toBeEnabled();
      expect(screen.queryByText(reason)).not.toBeInTheDocument();
    } finally {
      onLine.mockRestore();
    }
  });

  it('offers Update, Remove and Make Default as the rules allow', async () => {
    setup();
    await screen.findByText('Automatic debit from Bank Account');
    const card = within(section('Credit Card'));
    const bank = within(section('Direct Debit'));
    expect(card.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Update Card',
      'Make Default (Credit Card)',
      'Remove Card',
    ]);
    expect(bank.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Update Account',
      'Remove Account',
    ]);
  });

  it('offers no buttons without edit-paymethods', async () => {
    setup({ canEdit: false });
    await screen.findByText('Automatic debit from Bank Account');
    expect(within(section('Credit Card')).queryAllByRole('button')).toHaveLength(0);
    expect(within(section('Direct Debit')).queryAllByRole('button')).toHaveLength(0);
  });

  it("makes the card the default ('Updating...'), says so and reloads the methods and the dashboard", async () => {
    let answer: (r: Response) => void = () => {};
    const { user, calls, queryClient } = setup({
      patch: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(await screen.findByRole('button', { name: 'Make Default (Credit Card)' }));
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      current: { method: 'Automatic debit from Credit Card' },
    });
    answer(
      jsonResponse({
        data: paymethods({
          current: { method: 'Automatic debit from Credit Card', status: 'Active' },
        }),
      }),
    );
    expect(
      await screen.findByText('Default payment method updated successfully'),
    ).toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['billing', 'paymethods'], exact: true });
    expect(invalidate).toHaveBeenCalledWith({
      queryKey: ['users', 'current', 'dashboard'],
      exact: true,
    });
    // Spec 3 section 4: after a success a review prompt is triggered.
    expect(review.noteTaskCompleted).toHaveBeenCalledTimes(1);
  });

  it('triggers the review prompt after a removal succeeds, and not after one fails', async () => {
    let fail = true;
    const { user } = setup({
      patch: () =>
        fail
          ? errorResponse(400, 'Invalid request: a default method cannot be removed.')
          : jsonResponse({ data: paymethods({ card_details: null }) }),
    });
    await removeConfirmed(user, 'Remove Card');
    await screen.findByText('Error: a default method cannot be removed.');
    expect(review.noteTaskCompleted).not.toHaveBeenCalled();
    fail = false;
    await removeConfirmed(user, 'Remove Card');
    await vi.waitFor(() => expect(review.noteTaskCompleted).toHaveBeenCalledTimes(1));
  });

  it("prefers the server's message when removing fails, else 'Falied to remove card details'", async () => {
    let status = 400;
    const { user } = setup({
      patch: () =>
        status === 400
          ? errorResponse(400, 'Invalid request: a default method cannot be removed.')
          : new Response('oops', { status: 500 }),
    });
    await removeConfirmed(user, 'Remove Card');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: a default method cannot be removed.',
    );
    status = 500;
    await removeConfirmed(user, 'Remove Card');
    expect(await screen.findByText('Falied to remove card details')).toBeInTheDocument();
  });

  it("labels the removal 'Removing Account...' while it runs", async () => {
    const { user, calls } = setup({ patch: () => new Promise<Response>(() => {}) });
    await removeConfirmed(user, 'Remove Account');
    expect(await screen.findByRole('button', { name: 'Removing Account...' })).toBeDisabled();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ bank_details: null });
  });

  it('asks before removing the default bank account, then says where automatic payments now go', async () => {
    const { user, calls } = setup({
      patch: () =>
        jsonResponse({
          data: paymethods({
            current: { method: 'Automatic debit from Credit Card', status: 'Active' },
            bank_details: null,
          }),
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Account' });
    expect(dialog).toHaveTextContent(
      'Your bank account ending in 6789 will be removed from your account.',
    );
    expect(dialog).toHaveTextContent(
      'It is your default payment method, so automatic payments will come from your Visa ending in 4242 instead.',
    );
    expect(dialog).toHaveTextContent('Would you like to proceed with this change?');
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    // Cancel removes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await removeConfirmed(user, 'Remove Account');
    expect(
      await screen.findByText(
        'Bank account removed. Automatic payments now come from your Visa ending in 4242.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { bank_details: null },
    ]);
  });

  it('removing a card that is not the default says nothing moves in the confirm step', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Card' });
    expect(dialog).toHaveTextContent('Your Visa ending in 4242 will be removed from your account.');
    expect(dialog).not.toHaveTextContent('automatic payments');
  });
});

describe('Add Card (sandbox gateway)', () => {
  const prepared = {
    addPaymentMethodInitData: {
      id: 41,
      csrf: 'add-csrf',
      stripe_cus: 'cus_sandbox1',
      expires: '2026-11-24T15:00:00.000Z',
    },
    setupIntent: { id: 'seti_abcdefgh1234', client_secret: 'seti_abcdefgh1234_secret_xyz' },
  };
  const confirmPath = `POST /api/sandbox-gateway/setup_intents/seti_abcdefgh1234/confirm/`;

  function setupAdd(confirm: () => Response) {
    signIn();
    const api = stubApi({
      ...billingRoutes(paymethods({ card_details: null })),
      [`GET ${apiPaths.prepareAddPaymentMethod}?paymentMethodType=card`]: () =>
        jsonResponse({ data: prepared }),
      [confirmPath]: confirm,
      [`POST ${apiPaths.commitAddCard}`]: () =>
        jsonResponse({
          data: {
            status: 'Approved',
            message: 'Your card was successfully added.',
            paymethods: paymethods(),
          },
        }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    return { ...renderApp('/billing/recurring-payment-method'), calls: api.calls };
  }

  async function fillCard(user: ReturnType<typeof setupAdd>['user'], number: string) {
    await user.click(await screen.findByRole('button', { name: 'Add Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Card' });
    await user.type(await within(dialog).findByLabelText('Card number'), number);
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/30');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Save Card' }));
    return dialog;
  }

  it('confirms the details with the gateway, then commits them and shows the server message', async () => {
    const { user, calls } = setupAdd(() =>
      jsonResponse({
        data: {
          id: 'seti_abcdefgh1234',
          status: 'succeeded',
          payment_method: 'pm_sandbox42',
          next_action: null,
          last_error: null,
        },
      }),
    );
    const dialog = await fillCard(user, '4242 4242 4242 4242');
    expect(
      await within(dialog).findByText('Your card was successfully added.'),
    ).toBeInTheDocument();
    expect(review.noteTaskCompleted).toHaveBeenCalledTimes(1);
    expect(calls.find((c) => c.path === confirmPath.slice(5))?.body).toMatchObject({
      client_secret: 'seti_abcdefgh1234_secret_xyz',
      payment_method_data: {
        type: 'card',
        card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' },
      },
    });
    expect(calls.find((c) => c.path === apiPaths.commitAddCard)?.body).toEqual({
      id: 41,
      csrf: 'add-csrf',
      stripe_si: 'seti_abcdefgh1234',
      stripe_si_secret: 'seti_abcdefgh1234_secret_xyz',
      stripe_pm: 'pm_sandbox42',
      stripe_status: 'succeeded',
      stripe_message: null,
      card_type: 'Visa',
      card_last4: '4242',
      card_expires: '12/2030',
    });
  });

  it('maps a decline with the status table and commits nothing', async () => {
    const { user, calls } = setupAdd(() =>
      jsonResponse({
        data: {
          id: 'seti_abcdefgh1234',
          status: 'requires_payment_method',
          payment_method: null,
          next_action: null,
          last_error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        },
      }),
    );
    const dialog = await fillCard(user, '4000 0000 0000 0002');
    expect(
      await within(dialog).findByText('Your card was declined by your bank.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === apiPaths.commitAddCard)).toBe(false);
    expect(review.noteTaskCompleted).not.toHaveBeenCalled();
  });
});
