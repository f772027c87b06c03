import { apiPaths } from '@outpost/contracts/api-paths';
import type { PostPayment, StartPayment } from '@outpost/contracts/billing';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { prepareCommit } from '@/lib/prepare-commit';
import type { ExistingCardAnswer } from '../utils/payment-result';

/**
 * The one-off payment's calls (spec 3 section 7): start (new card: a PaymentIntent and the
 * prepared operation), post (the final status, read by the server from the gateway), and the
 * existing card's prepare and commit.
 */

export type StartPaymentInput = { amount: number; save_card?: boolean };

export function startPayment(input: StartPaymentInput): Promise<StartPayment> {
  return apiData<StartPayment>(apiPaths.startPayment, { method: 'POST', body: input });
}

export function useStartPayment() {
  return useMutation({ mutationFn: startPayment });
}

export type PostPaymentInput = { prepareId: number; csrf: string; intentId: string };

export function postPayment(input: PostPaymentInput): Promise<PostPayment> {
  return apiData<PostPayment>(apiPaths.postPayment, { method: 'POST', body: input });
}

export type ExistingCardPayment = { prepareId: number; answer: ExistingCardAnswer };

/** Prepare ({} for the csrf and the reference's id), then commit {csrf, amount}. */
export async function payWithExistingCard(amount: number): Promise<ExistingCardPayment> {
  let prepareId = 0;
  const answer = await prepareCommit<ExistingCardAnswer>({
    prepare: apiPaths.existingCardPrepare,
    commit: apiPaths.existingCardCommit,
    prepareBody: {},
    body: { amount },
    prepared: ({ id, error }) => {
      if (typeof error === 'string' && error) throw new ApiError('Server', error, 200);
      prepareId = Number(id);
    },
  });
  return { prepareId, answer };
}

export function usePayWithExistingCard() {
  return useMutation({ mutationFn: payWithExistingCard });
}
