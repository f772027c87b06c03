import type { Paymethods } from '@outpost/contracts/billing';
import { PAYMETHOD_BANK, PAYMETHOD_CARD, PAYMETHOD_NONE } from '@outpost/domain/billing-rules';
import { describe, expect, it } from 'vitest';
import { isCardUsable, paymethodButtons } from './paymethods';

const card = { last4: '4242', expires: '12/2030', type: 'Visa' };
const bank = { name: 'Jordan Citizen', account: '6789' };

function methods(overrides: Partial<Paymethods> = {}): Paymethods {
  return {
    current: { method: PAYMETHOD_NONE, status: 'Active' },
    card_details: null,
    bank_details: null,
    accountid: 100001,
    ...overrides,
  };
}

describe('the payment method buttons (spec 3 section 4)', () => {
  it('offers only Add when nothing is saved', () => {
    expect(paymethodButtons(methods(), 'card', true)).toEqual({
      add: true,
      update: false,
      remove: false,
      makeDefault: false,
    });
  });

  it('offers Update and Make Default for a saved card that is not the default, but no Remove alone', () => {
    expect(paymethodButtons(methods({ card_details: card }), 'card', true)).toEqual({
      add: false,
      update: true,
      remove: false,
      makeDefault: true,
    });
  });

  it('offers no Make Default for the method already in use', () => {
    const saved = methods({
      card_details: card,
      current: { method: PAYMETHOD_CARD, status: 'Active' },
    });
    expect(paymethodButtons(saved, 'card', true).makeDefault).toBe(false);
  });

  it('offers Remove on both only when a card and a bank account exist', () => {
    const both = methods({
      card_details: card,
      bank_details: bank,
      current: { method: PAYMETHOD_BANK, status: 'Active' },
    });
    expect(paymethodButtons(both, 'card', true)).toEqual({
      add: false,
      update: true,
      remove: true,
      makeDefault: true,
    });
    expect(paymethodButtons(both, 'bank', true)).toEqual({
      add: false,
      update: true,
      remove: true,
      makeDefault: false,
    });
  });

  it('offers nothing without edit-paymethods', () => {
    const both = methods({ card_details: card, bank_details: bank });
    expect(paymethodButtons(both, 'card', false)).toEqual({
      add: false,
      update: false,
      remove: false,
      makeDefault: false,
    });
  });
});

describe('a saved card (spec 3 section 5)', () => {
  const now = new Date(2026, 10, 24);

  it('counts until the end of its expiry month', () => {
    expect(isCardUsable({ ...card, expires: '11/2026' }, now)).toBe(true);
    expect(isCardUsable({ ...card, expires: '12/2026' }, now)).toBe(true);
    expect(isCardUsable({ ...card, expires: '01/2027' }, now)).toBe(true);
  });

  it('does not count once expired, unreadable or missing', () => {
    expect(isCardUsable({ ...card, expires: '10/2026' }, now)).toBe(false);
    expect(isCardUsable({ ...card, expires: '12/2025' }, now)).toBe(false);
    expect(isCardUsable({ ...card, expires: 'soon' }, now)).toBe(false);
    expect(isCardUsable({ ...card, last4: '' }, now)).toBe(false);
    expect(isCardUsable(null, now)).toBe(false);
  });
});
