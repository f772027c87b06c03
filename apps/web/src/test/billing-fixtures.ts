import { apiPaths } from '@outpost/contracts/api-paths';
import type { BillingTransaction, GatewayInit, Paymethods } from '@outpost/contracts/billing';
import { PAYMETHOD_BANK } from '@outpost/domain/billing-rules';
import { jsonResponse } from './fixtures';

export const sandboxInit: GatewayInit = {
  stripePublishableKey: 'pk_test_sandbox',
  mode: 'sandbox',
  testNumbers: [
    { kind: 'card', number: '4242 4242 4242 4242', outcome: 'Approved' },
    { kind: 'card', number: '4000 0000 0000 0002', outcome: 'Declined (card_declined)' },
    { kind: 'bank', number: '000000 000123456', outcome: 'Approved' },
  ],
};

export function paymethods(overrides: Partial<Paymethods> = {}): Paymethods {
  return {
    current: { method: PAYMETHOD_BANK, status: 'Active' },
    card_details: { last4: '4242', expires: '12/2030', type: 'Visa' },
    bank_details: { name: 'Jordan Citizen', account: '062-000 ****6789' },
    accountid: 100001,
    ...overrides,
  };
}

export function transaction(overrides: Partial<BillingTransaction> = {}): BillingTransaction {
  return {
    transactionid: 900026,
    created: '2026-11-10T00:00:00.000Z',
    type: 'Invoice',
    amount: 13494,
    balance: 13494,
    reason: null,
    status: '',
    invoiceid: 50013,
    invoice: '100001-013',
    account_status: 'owing',
    ...overrides,
  };
}

/** The gateway init, the methods and the balance every billing page may ask for. */
export function billingRoutes(methods: Paymethods = paymethods()) {
  return {
    [`GET ${apiPaths.gatewayInit}`]: () => jsonResponse({ data: sandboxInit }),
    [`GET ${apiPaths.paymethods}`]: () => jsonResponse({ data: methods }),
    [`GET ${apiPaths.balance}`]: () => jsonResponse({ data: { amount: 13494, status: 'Owing' } }),
  };
}
