import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { PaymentGateway } from './gateway';
import { createSandboxGateway } from './sandbox';

/**
 * Stripe when STRIPE_SECRET_KEY is set, else the embedded sandbox (docs/decisions/015). stripe-node
 * is loaded only then: about 0.3 s and 10 MB at every start of a process that never uses it
 * (issue 38).
 */
export async function createPaymentGateway(
  config: Config,
  db: Db,
  clock: Clock,
): Promise<PaymentGateway> {
  if (!config.stripe) return createSandboxGateway(db, clock, config.publicUrl);
  const { createStripeGateway } = await import('./stripe');
  return createStripeGateway(config.stripe);
}
