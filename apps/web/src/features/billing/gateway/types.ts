import type { GatewayError, GatewayInit, GatewayMode } from '@outpost/contracts/billing';
import type { ComponentType, ReactNode } from 'react';

/**
 * The payment gateway on the client, behind one interface: Stripe (Elements) or the embedded
 * sandbox (our own form posting to its confirm routes). Each gives a form that collects the
 * details and confirms a SetupIntent (SetupForm) or a PaymentIntent (PaymentForm), following the
 * bank's authentication page only when it is required (the page then leaves and comes back with
 * the intent in the address).
 */

/** What confirming said, like Stripe.js's result. */
export type ConfirmResult = {
  /** The intent's status after confirming ('succeeded', 'processing', 'requires_payment_method'...). */
  status: string;
  intentId: string;
  paymentMethod: string | null;
  /** The provider's error (a decline, a wrong number): mapped with the status table. */
  error: GatewayError | null;
  /** What the form knows of the card (the sandbox's own form); Stripe leaves it to the server. */
  card?: { brand: string; last4: string; expires: string } | null;
};

export type GatewayFormProps = {
  clientSecret: string;
  intentId: string;
  /** The details asked for: a card, or a bank account (SetupForm only; payments take cards). */
  methodType: 'card' | 'bank';
  /** The submit button's text ('Save Card', 'Pay now'). */
  submitLabel: string;
  /** Runs just before confirming (store what the return from authentication needs). */
  onBeforeConfirm?: () => void;
  /** The confirm's outcome, unless the page left for the bank's authentication page. */
  onResult: (result: ConfirmResult) => void;
  /** Buttons beside the submit button (Back). */
  secondary?: ReactNode;
};

export type PaymentGatewayClient = {
  mode: GatewayMode;
  SetupForm: ComponentType<GatewayFormProps>;
  PaymentForm: ComponentType<GatewayFormProps>;
};

export type GatewayLoader = (init: GatewayInit) => Promise<PaymentGatewayClient>;

/**
 * Where the bank's authentication page returns to: this page, without an earlier return's query.
 * Absolute for Stripe (it requires one); `relative` for the sandbox, which takes only this site's
 * own addresses and may know the site by another host name (localhost, 127.0.0.1).
 */
export function returnUrl(relative = false): string {
  const { origin, pathname } = window.location;
  return relative ? pathname : `${origin}${pathname}`;
}

/** A card brand from its number (for the sandbox's own form; Stripe names it itself). */
export function cardBrand(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}
