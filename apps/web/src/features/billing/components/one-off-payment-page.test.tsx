import { apiPaths } from '@outpost/contracts/api-paths';
import type { Paymethods } from '@outpost/contracts/billing';
import { permissionNames } from '@outpost/contracts/permissions';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { billingRoutes, paymethods } from '@/test/billing-fixtures';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import { currentPath, renderApp } from '@/test/render-app';
import { type FetchCall, stubApi } from '@/test/services-fixtures';

type Routes = Record<string, (call: FetchCall) => Response | Promise<Response>>;

function setup({
  methods = paymethods(),
  routes = {},
  path = '/billing/one-off-payment',
  canEdit = true,
}: { methods?: Paymethods; routes?: Routes; path?: string; canEdit?: boolean } = {}) {
  signIn({ permissions: permissionNames.filter((p) => canEdit || p !== 'edit-paymethods') });
  const api = stubApi({ ...billingRoutes(methods), ...routes });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  return { ...renderApp(path), calls: api.calls };
}

const started = {
  stripePaymentIntent: { id: 'pi_abcdefgh1234', client_secret: 'pi_abcdefgh1234_secret_s' },
  prepareAPIResult: { id: 12, csrf: 'pay-csrf' },
};
const confirmPath = '/api/sandbox-gateway/payment_intents/pi_abcdefgh1234/confirm/';

describe('One-Off Payment: landing', () => {
  it('offers a new card (with saving it) and the saved card', async () => {
    setup();
    expect(await screen.findByRole('button', { name: 'Use New Card' })).toBeInTheDocument();
    expect(screen.getByLabelText('Save this card for future automatic payments')).not.toBeChecked();
    expect(await screen.findByRole('button', { name: 'Use Existing Card' })).toBeInTheDocument();
    expect(screen.getByText('Visa ending in 4242, expires 12/30')).toBeInTheDocument();
  });

  it('does not offer saving the card without edit-paymethods', async () => {
    setup({ canEdit: false });
    await screen.findByRole('button', { name: 'Use New Card' });
    expect(screen.queryByLabelText('Save this card for future automatic payments')).toBeNull();
  });

  it('asks to set up a card when the saved one has expired', async () => {
    setup({
      methods: paymethods({ card_details: { last4: '4242', expires: '01/2020', type: 'Visa' } }),
    });
    expect(
      await screen.findByText('You need to set up an existing card to make a payment with it'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up card' })).toHaveAttribute(
      'href',
      '/billing/recurring-payment-method',
    );
    expect(screen.queryByRole('button', { name: 'Use Existing Card' })).toBeNull();
  });

  it('shows the danger alert instead of the screens when the gateway fails to load', async () => {
    setup({
      routes: { [`GET ${apiPaths.gatewayInit}`]: () => errorResponse(500, 'Internal error: x') },
    });
    expect(
      await screen.findByText(
        'An unexpected error occurred while loading payment gateway. Please refresh the page and try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use New Card' })).toBeNull();
  });
});

describe('One-Off Payment: new card', () => {
  it('prefills the amount owing and cleans what is typed; Next needs at least $0.50', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Use New Card' }));
    const amount = await screen.findByLabelText('Amount');
    expect(amount).toHaveValue('134.94');
    await user.clear(amount);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.type(amount, '.125');
    expect(amount).toHaveValue('0.13');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '.755');
    expect(amount).toHaveValue('0.76');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await user.clear(amount);
    await user.type(amount, '0.4');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, 'a1234567');
    expect(amount).toHaveValue('123456');
  });

  it('shows the start failure on the amount form', async () => {
    const { user } = setup({
      routes: { [`POST ${apiPaths.startPayment}`]: () => errorResponse(500, 'Internal error: x') },
    });
    await user.click(await screen.findByRole('button', { name: 'Use New Card' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        'An unexpected error occurred. Please refresh the page and try again.',
      ),
    ).toBeInTheDocument();
  });

  it('starts, pays with the card on Pay now, posts the result and shows Payment Approved', async () => {
    const { user, calls, router } = setup({
      routes: {
        [`POST ${apiPaths.startPayment}`]: () => jsonResponse({ data: started }),
        [`POST ${confirmPath}`]: () =>
          jsonResponse({
            data: {
              id: 'pi_abcdefgh1234',
              status: 'succeeded',
              payment_method: 'pm_1',
              next_action: null,
              last_error: null,
            },
          }),
        [`POST ${apiPaths.postPayment}`]: () =>
          jsonResponse({
            data: {
              amount: 5000,
              stripe_status: 'succeeded',
              user_message:
                'Your payment of $50.00 by Visa ending in 4242 was approved by your bank.',
              card: { type: 'Visa', last4: '4242' },
              receipt_id: 'R-1',
            },
          }),
      },
    });
    await user.click(await screen.findByLabelText('Save this card for future automatic payments'));
    await user.click(screen.getByRole('button', { name: 'Use New Card' }));
    const amount = await screen.findByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(calls.find((c) => c.path === apiPaths.startPayment)?.body).toEqual({
      amount: 50,
      save_card: true,
    });

    // Back returns to the amount form; nothing is charged until Pay now.
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/30');
    await user.type(screen.getByLabelText('CVC'), '123');
    expect(calls.some((c) => c.path === confirmPath)).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));

    const dialog = await screen.findByRole('dialog', { name: 'Payment Approved' });
    expect(within(dialog).getByText('Amount: $50.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Reference: PX0000012')).toBeInTheDocument();
    expect(calls.find((c) => c.path === apiPaths.postPayment)?.body).toEqual({
      prepareId: 12,
      csrf: 'pay-csrf',
      intentId: 'pi_abcdefgh1234',
    });
    expect(window.sessionStorage.getItem('outpost-one-off-payment')).toBeNull();
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(closeButtons[closeButtons.length - 1]!);
    expect(await screen.findByRole('button', { name: 'Use New Card' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/billing/one-off-payment');
  });

  it('finishes a payment on the return from authentication, then cleans the address', async () => {
    window.sessionStorage.setItem(
      'outpost-one-off-payment',
      JSON.stringify({ prepareId: 12, csrf: 'pay-csrf', intentId: 'pi_abcdefgh1234', amount: 50 }),
    );
    const { calls, router } = setup({
      path: '/billing/one-off-payment?payment_intent=pi_abcdefgh1234&payment_intent_client_secret=pi_abcdefgh1234_secret_s&redirect_status=succeeded',
      routes: {
        [`POST ${apiPaths.postPayment}`]: () =>
          jsonResponse({
            data: {
              amount: 5000,
              stripe_status: 'processing',
              user_message: 'Submitted',
              card: null,
              receipt_id: null,
            },
          }),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Payment Pending' });
    expect(
      within(dialog).getByText(
        'Your payment has been submitted to the bank, but the response is taking longer than usual. We’ll keep working on it. It should be visible on your account with 1-2 hours.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.path === apiPaths.postPayment)).toHaveLength(1);
    expect(window.sessionStorage.getItem('outpost-one-off-payment')).toBeNull();
    expect(currentPath(router)).toBe('/billing/one-off-payment');
  });

  it("says 'An unexpected error occurred' when the post fails", async () => {
    window.sessionStorage.setItem(
      'outpost-one-off-payment',
      JSON.stringify({ prepareId: 12, csrf: 'pay-csrf', intentId: 'pi_abcdefgh1234', amount: 50 }),
    );
    setup({
      path: '/billing/one-off-payment?payment_intent=pi_abcdefgh1234&payment_intent_client_secret=s&redirect_status=failed',
      routes: { [`POST ${apiPaths.postPayment}`]: () => errorResponse(500, 'Internal error: x') },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Payment Error' });
    expect(within(dialog).getByText('An unexpected error occurred')).toBeInTheDocument();
  });
});

describe('One-Off Payment: existing card', () => {
  const routes: Routes = {
    [`POST ${apiPaths.existingCardPrepare}`]: () =>
      jsonResponse({ data: { id: 77, csrf: 'existing-csrf', error: null } }),
    [`POST ${apiPaths.existingCardCommit}`]: () =>
      jsonResponse({
        data: {
          ok: true,
          error: null,
          card: { type: 'Visa', last4: '4242' },
          payment: {
            stripe_status: 'requires_payment_method',
            stripe_reason: 'There is not enough money in the account. Try another card.',
            receipt_id: null,
            amount: 2000,
            prepareid: 77,
          },
        },
      }),
  };

  it('names the card, asks for an amount, and shows the declined result with its reason', async () => {
    const { user, calls } = setup({ routes });
    await user.click(await screen.findByRole('button', { name: 'Use Existing Card' }));
    expect(
      await screen.findByText('The amount will be deducted from your card ending in 4242.'),
    ).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount');
    await user.clear(amount);
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }));
    expect(await screen.findByText('Amount is required')).toBeInTheDocument();
    expect(calls.some((c) => c.path === apiPaths.existingCardPrepare)).toBe(false);

    await user.type(amount, '20');
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Declined' });
    expect(within(dialog).getByText('Amount: $20.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Reference: PX0000077')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Your payment of $20.00 by Visa ending in 4242 was declined. There is not enough money in the account. Try another card.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === apiPaths.existingCardCommit)?.body).toEqual({
      csrf: 'existing-csrf',
      amount: 20,
    });
  });

  it('prints the result title once, and Try again returns to the saved-card form with the amount', async () => {
    const { user, calls } = setup({ routes });
    await user.click(await screen.findByRole('button', { name: 'Use Existing Card' }));
    const amount = await screen.findByLabelText('Amount');
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Declined' });
    expect(within(dialog).getAllByText('Payment Declined')).toHaveLength(1);
    expect(within(dialog).getByText('Close', { selector: 'button' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      await screen.findByText('The amount will be deducted from your card ending in 4242.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Amount')).toHaveValue('20.00');
    await user.click(screen.getByRole('button', { name: 'Confirm Payment' }));
    await screen.findByRole('dialog', { name: 'Payment Declined' });
    const commits = calls.filter((c) => c.path === apiPaths.existingCardCommit);
    expect(commits.map((c) => c.body)).toEqual([
      { csrf: 'existing-csrf', amount: 20 },
      { csrf: 'existing-csrf', amount: 20 },
    ]);
  });

  it("shows 'Processing...' while it runs", async () => {
    const { user } = setup({
      routes: {
        ...routes,
        [`POST ${apiPaths.existingCardCommit}`]: () => new Promise<Response>(() => {}),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Use Existing Card' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Payment' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
  });
});
