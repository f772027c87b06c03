import type { Config } from '../../config';
import type { PaymentGateway } from './gateway';

/** Stripe (stripe-node): follows. */
export function createStripeGateway(_config: NonNullable<Config['stripe']>): PaymentGateway {
  throw new Error(
    'The Stripe gateway is not built yet: unset STRIPE_SECRET_KEY to use the sandbox.',
  );
}
