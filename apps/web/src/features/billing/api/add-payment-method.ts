import { apiPaths } from '@outpost/contracts/api-paths';
import type {
  CommitAddPaymentMethod,
  CommitAddPaymentMethodInput,
  PrepareAddPaymentMethod,
} from '@outpost/contracts/billing';
import {
  addPaymentMethodResult,
  type AddPaymentMethodResult,
  type PaymentMethodType,
} from '@outpost/domain/billing-rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { noteTaskCompleted } from '@/lib/native/review-notes';
import type { ConfirmResult } from '../gateway/types';
import { reloadPaymethods } from './update-paymethods';

/**
 * Adding (or replacing) a card or bank account (spec 3 section 4): the server prepares a
 * SetupIntent, the gateway's form confirms it, and on 'succeeded' the result is posted to
 * commit-add-card / commit-add-bank; a provider error is mapped with the status table.
 */

export function prepareAddPaymentMethod(
  type: PaymentMethodType,
  signal?: AbortSignal,
): Promise<PrepareAddPaymentMethod> {
  return apiData<PrepareAddPaymentMethod>(
    `${apiPaths.prepareAddPaymentMethod}?paymentMethodType=${type}`,
    { signal },
  );
}

/** A fresh SetupIntent each time the form opens (`opening` tells the openings apart). */
export function prepareAddPaymentMethodQueryOptions(
  type: PaymentMethodType,
  opening: number,
  enabled = true,
) {
  return queryOptions({
    enabled,
    queryKey: ['gateway', 'prepare-add-payment-method', type, opening] as const,
    queryFn: ({ signal }) => prepareAddPaymentMethod(type, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export function usePrepareAddPaymentMethod(
  type: PaymentMethodType,
  opening: number,
  enabled = true,
) {
  return useQuery(prepareAddPaymentMethodQueryOptions(type, opening, enabled));
}

export type AddPaymentMethodVariables = {
  type: PaymentMethodType;
  prepared: PrepareAddPaymentMethod;
  confirmed: ConfirmResult;
};

/** The commit's body from what the gateway confirmed. */
export function commitBody(
  prepared: PrepareAddPaymentMethod,
  confirmed: ConfirmResult,
): CommitAddPaymentMethodInput {
  const card = confirmed.card;
  return {
    id: prepared.addPaymentMethodInitData.id,
    csrf: prepared.addPaymentMethodInitData.csrf,
    stripe_si: prepared.setupIntent.id,
    stripe_si_secret: prepared.setupIntent.client_secret,
    stripe_pm: confirmed.paymentMethod,
    stripe_status: confirmed.status,
    stripe_message: confirmed.error?.message ?? null,
    ...(card ? { card_type: card.brand, card_last4: card.last4, card_expires: card.expires } : {}),
  };
}

/**
 * A provider error to the status table: the decline code ('insufficient_funds'), else the error
 * code ('card_declined', 'expired_card'), else the intent's status, the first the table knows.
 */
export function providerResult(
  type: PaymentMethodType,
  confirmed: Pick<ConfirmResult, 'status' | 'error'>,
): AddPaymentMethodResult {
  const codes = [confirmed.error?.decline_code, confirmed.error?.code, confirmed.status];
  const results = codes.filter(Boolean).map((code) => addPaymentMethodResult(type, code));
  return (
    results.find((r) => !r.message.includes('error (unknown)')) ??
    addPaymentMethodResult(type, null)
  );
}

export type AddPaymentMethodOutcome = AddPaymentMethodResult & {
  paymethods: CommitAddPaymentMethod['paymethods'] | null;
};

/** Commits a succeeded SetupIntent; a provider error becomes the status table's message. */
export async function addPaymentMethod({
  type,
  prepared,
  confirmed,
}: AddPaymentMethodVariables): Promise<AddPaymentMethodOutcome> {
  if (confirmed.status !== 'succeeded')
    return { ...providerResult(type, confirmed), paymethods: null };
  const answer = await apiData<CommitAddPaymentMethod>(
    type === 'card' ? apiPaths.commitAddCard : apiPaths.commitAddBank,
    { method: 'POST', body: commitBody(prepared, confirmed) },
  );
  return answer;
}

export function useAddPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPaymentMethod,
    onSuccess: (outcome) => {
      if (outcome.status !== 'Approved') return;
      // Spec 3 section 4: after a success the data reloads and a review prompt is triggered.
      noteTaskCompleted();
      void reloadPaymethods(queryClient);
    },
  });
}
