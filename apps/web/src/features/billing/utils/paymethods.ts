import type { Paymethods } from '@outpost/contracts/billing';
import { isUsableSavedCard } from '@outpost/domain/card-rules';
import {
  PAYMETHOD_BANK,
  PAYMETHOD_CARD,
  type PaymentMethodType,
} from '@outpost/domain/billing-rules';

/**
 * The payment method rules (spec 3 sections 4 and 5): which buttons the recurring payment method
 * page offers, and whether a saved card is usable for a one-off payment.
 */

export type PaymethodButtons = {
  add: boolean;
  update: boolean;
  remove: boolean;
  makeDefault: boolean;
};

/**
 * The buttons of one section (card or bank). All need edit-paymethods. Add when nothing is saved,
 * Update when something is; Remove only when both a card and a bank account exist; Make Default
 * only when it is saved and not already the default.
 */
export function paymethodButtons(
  methods: Paymethods,
  type: PaymentMethodType,
  canEdit: boolean,
): PaymethodButtons {
  if (!canEdit) return { add: false, update: false, remove: false, makeDefault: false };
  const saved = type === 'card' ? methods.card_details !== null : methods.bank_details !== null;
  const both = methods.card_details !== null && methods.bank_details !== null;
  const method = type === 'card' ? PAYMETHOD_CARD : PAYMETHOD_BANK;
  return {
    add: !saved,
    update: saved,
    remove: both,
    makeDefault: saved && methods.current.method !== method,
  };
}

/**
 * A card counts as saved only while not expired (spec 3 section 5): the domain's rule, the one the
 * server pays with.
 */
export function isCardUsable(
  card: Paymethods['card_details'],
  now: Date = new Date(),
): card is NonNullable<Paymethods['card_details']> {
  return isUsableSavedCard(card, now);
}
