import { describe, expect, it } from 'vitest';
import { DEFAULT_DECLINE, declineCode, declineMessage, declineText } from './payment-declines';

const BANK = 'Your bank declined the payment. Try another card, or call your bank to find out why.';
const AUTH =
  "Your bank could not confirm the payment with you. Try again and complete your bank's check when it appears, or try another card.";

describe('payment decline messages', () => {
  it.each([
    ['generic_decline', BANK],
    ['card_declined', BANK],
    ['do_not_honor', BANK],
    ['lost_card', BANK],
    ['stolen_card', BANK],
    ['fraudulent', BANK],
    ['insufficient_funds', 'There is not enough money in the account. Try another card.'],
    ['expired_card', 'The card has expired. Try another card.'],
    [
      'incorrect_cvc',
      "The card's security code (CVC) is not right. Check the 3 or 4 digit code on the card and try again, or try another card.",
    ],
    [
      'incorrect_number',
      'The card number is not right. Check the number and try again, or try another card.',
    ],
    [
      'processing_error',
      'The bank could not process the payment just now. Wait a few minutes, then try again.',
    ],
    ['authentication_required', AUTH],
    ['payment_intent_authentication_failure', AUTH],
    ['setup_intent_authentication_failure', AUTH],
    [
      'card_velocity_exceeded',
      'Your bank declined it because this card was used too often in a short time. Wait a while before trying again, or try another card.',
    ],
    ['account_closed', 'The bank account has been closed. Use another account, or pay by card.'],
    ['canceled', 'The payment was cancelled. Start again when you are ready.'],
  ])('%s reads "%s"', (code, text) => {
    expect(declineMessage(code)).toBe(text);
  });

  it('answers the default for a code it does not know, or none', () => {
    const text = 'The payment did not go through. Try again, or try another card.';
    expect(declineMessage('something_new_from_the_bank')).toBe(text);
    expect(declineMessage(null)).toBe(text);
    expect(declineText('toString')).toBe(DEFAULT_DECLINE);
  });

  it('never passes on what a gateway wrote', () => {
    const developer =
      'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.';
    expect(declineMessage('payment_intent_authentication_failure')).not.toContain('PaymentMethod');
    expect(declineMessage(developer)).toBe(
      'The payment did not go through. Try again, or try another card.',
    );
  });

  it('takes the most specific code the table knows', () => {
    expect(declineCode({ code: 'card_declined', decline_code: 'insufficient_funds' }, 'x')).toBe(
      'insufficient_funds',
    );
    expect(declineCode({ code: 'card_declined', decline_code: 'brand_new_code' }, 'x')).toBe(
      'card_declined',
    );
    expect(declineCode({ code: 'incorrect_number', decline_code: null }, 'x')).toBe(
      'incorrect_number',
    );
    expect(declineCode({ code: 'odd', decline_code: null }, 'x')).toBe('odd');
    expect(declineCode(null, 'canceled')).toBe('canceled');
  });
});
