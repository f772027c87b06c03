import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { PaymentGateway } from './gateway';
import { createSandboxGateway } from './sandbox';
import { createStripeGateway } from './stripe';

/** Stripe when STRIPE_SECRET_KEY is set, else the embedded sandbox (docs/decisions/015). */
export function createPaymentGateway(config: Config, db: Db, clock: Clock): PaymentGateway {
  return config.stripe
    ? createStripeGateway(config.stripe)
    : createSandboxGateway(db, clock, config.publicUrl);
}
