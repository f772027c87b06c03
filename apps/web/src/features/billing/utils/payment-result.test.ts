import { messages } from '@outpost/contracts/messages';
import { describe, expect, it } from 'vitest';
import { existingCardResult, postPaymentResult } from './payment-result';
import { defaultFailureMessage, removeFailureMessage } from './errors';
import { ApiError } from '@/lib/api-error';

describe('the result of a new-card payment', () => {
  it('is Approved with the amount, the PX reference and the server message', () => {
    expect(
      postPaymentResult(
        { amount: 13494, stripe_status: 'succeeded', user_message: 'Approved by your bank.' },
        12,
      ),
    ).toEqual({
      kind: 'done',
      outcome: 'Approved',
      amount: 13494,
      reference: 'PX0000012',
      message: 'Approved by your bank.',
    });
  });

  it("is Pending with the spec's text while the bank is still answering", () => {
    const result = postPaymentResult(
      { amount: 500, stripe_status: 'processing', user_message: 'whatever' },
      7,
    );
    expect(result).toMatchObject({ outcome: 'Pending', message: messages.billing.pending });
  });

  it('is Declined with the server message (the bank reason)', () => {
    expect(
      postPaymentResult(
        {
          amount: 500,
          stripe_status: 'requires_payment_method',
          user_message: 'Declined: insufficient funds',
        },
        7,
      ),
    ).toMatchObject({ outcome: 'Declined', message: 'Declined: insufficient funds' });
  });

  it("says 'An unexpected error occurred' when the message is missing", () => {
    expect(
      postPaymentResult({ amount: 500, stripe_status: 'succeeded', user_message: '' }, 7),
    ).toEqual({ kind: 'failed', reference: 'PX0000007', message: 'An unexpected error occurred' });
  });
});

describe('the result of an existing-card payment', () => {
  const payment = {
    stripe_status: 'succeeded',
    stripe_reason: null,
    receipt_id: 'R-1001',
    amount: 2000,
    prepareid: 123456789,
  };

  it('names the card, the bank approval and the receipt', () => {
    expect(
      existingCardResult(
        { ok: true, error: null, card: { type: 'Visa', last4: '4242' }, payment },
        1,
        'Outpost Demo Broadband',
      ),
    ).toEqual({
      kind: 'done',
      outcome: 'Approved',
      amount: 2000,
      reference: 'PX123456789',
      message:
        'Your payment of $20.00 by Visa ending in 4242 was approved by your bank. Receipt number: R-1001.',
    });
  });

  it("gives the provider's support message when ok is false", () => {
    const result = existingCardResult(
      {
        ok: false,
        error: null,
        card: { type: 'Visa', last4: '4242' },
        payment: {
          ...payment,
          stripe_status: 'requires_payment_method',
          stripe_reason: 'card_declined',
        },
      },
      1,
      'Outpost Demo Broadband',
    );
    expect(result).toMatchObject({
      outcome: 'Declined',
      message:
        'There was an error processing your payment, please try again. If the issue persists please contact Outpost Demo Broadband support.',
    });
  });
});

describe('the payment method failures (spec 3 section 8)', () => {
  it("prefers the server's message", () => {
    const error = new ApiError('Server', 'Invalid request: the card cannot be removed.', 400);
    expect(removeFailureMessage('card details', error)).toBe(
      'Invalid request: the card cannot be removed.',
    );
    expect(defaultFailureMessage(error)).toBe('Invalid request: the card cannot be removed.');
  });

  it("says 'Falied to ...' when the server gave no message", () => {
    const error = new ApiError('Parse', 'unreadable', 500);
    expect(removeFailureMessage('card details', error)).toBe('Falied to remove card details');
    expect(removeFailureMessage('bank details', error)).toBe('Falied to remove bank details');
    expect(defaultFailureMessage(error)).toBe('Falied to update default payment method');
  });

  it("says 'Failed to ...: {message}' for an exception", () => {
    const error = new ApiError('HTTP', 'Network down');
    expect(removeFailureMessage('bank details', error)).toBe(
      'Failed to remove bank details: Network down',
    );
    expect(defaultFailureMessage(new TypeError('boom'))).toBe(
      'Failed to update default payment method: boom',
    );
  });
});

describe('a provider error while adding a method (spec 3 section 8 status table)', () => {
  const error = (code: string | null, decline_code: string | null) => ({
    type: 'card_error',
    code,
    decline_code,
    message: 'x',
  });

  it('uses the decline code the table knows, else the error code, else the status', async () => {
    const { providerResult } = await import('../api/add-payment-method');
    const declined = { status: 'requires_payment_method' };
    expect(
      providerResult('card', { ...declined, error: error('card_declined', 'generic_decline') }),
    ).toEqual({
      status: 'Declined',
      message: 'Your card was declined by your bank.',
    });
    expect(
      providerResult('card', { ...declined, error: error('card_declined', 'insufficient_funds') }),
    ).toEqual({
      status: 'Declined',
      message: 'Your card was declined due to insufficient funds in your account.',
    });
    expect(providerResult('card', { ...declined, error: error('expired_card', null) })).toEqual({
      status: 'Declined',
      message: 'Your card has expired.',
    });
    expect(providerResult('bank', { status: 'canceled', error: null })).toEqual({
      status: 'Error',
      message: 'Your bank account could not be added: error (canceled). Please try again.',
    });
    expect(providerResult('card', { status: 'weird', error: error('nope', null) })).toEqual({
      status: 'Error',
      message: 'Your card could not be added: error (unknown). Please try again.',
    });
  });
});
