import type { PaymentMethodType, PrepareAddPaymentMethod } from '@outpost/contracts/billing';
import { messages } from '@outpost/contracts/messages';
import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { WizardModal, WizardSavingStep, WizardStep } from '@/components/wizard';
import { useWizardFlow } from '@/components/wizard-flow';
import {
  type AddPaymentMethodOutcome,
  type AddPaymentMethodVariables,
  useAddPaymentMethod,
  usePrepareAddPaymentMethod,
} from '../api/add-payment-method';
import { useGatewayInit } from '../api/get-gateway-init';
import { useGatewayClient } from '../gateway/load-gateway';
import type { ConfirmResult } from '../gateway/types';
import { ADD_METHOD_KEY, storeReturn } from '../utils/stored-return';
import { GatewaySkeleton } from './gateway-skeleton';
import { TestNumbers } from './test-numbers';

type AddStep = 'form' | 'saving';

const noun = { card: 'Card', bank: 'Account' } as const;

/** Kept before confirming, for the return from the bank's authentication page. */
export type StoredAddMethod = { type: PaymentMethodType; prepared: PrepareAddPaymentMethod };

export function isStoredAddMethod(value: unknown): value is StoredAddMethod {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<StoredAddMethod>;
  return (v.type === 'card' || v.type === 'bank') && typeof v.prepared === 'object';
}

function outcomeHeading(type: PaymentMethodType, outcome: AddPaymentMethodOutcome | null): string {
  if (!outcome) return '';
  if (outcome.status === 'Approved') return `${noun[type]} saved`;
  if (outcome.status === 'Declined') return `${noun[type]} declined`;
  return `${noun[type]} not saved`;
}

export type AddPaymentMethodModalProps = {
  type: PaymentMethodType;
  /** Replacing a saved one ('Update Card') rather than adding ('Add Card'). */
  updating: boolean;
  onClose: () => void;
  /** Back from the bank's authentication page: commit what it confirmed, no form. */
  returned?: { stored: StoredAddMethod; confirmed: ConfirmResult };
};

/**
 * Add or update a card or bank account (spec 3 sections 2.5 and 4): the server prepares a
 * SetupIntent, a skeleton shows until its client secret arrives, then the gateway's form; on
 * submit the gateway confirms (redirecting only if required), and the result is committed (on
 * 'succeeded') or mapped with the status table. The outcome is the server's status and message.
 */
export function AddPaymentMethodModal({
  type,
  updating,
  onClose,
  returned,
}: AddPaymentMethodModalProps) {
  const [opening] = useState(() => Date.now());
  const init = useGatewayInit();
  const client = useGatewayClient(returned ? undefined : init.data);
  const prepared = usePrepareAddPaymentMethod(type, opening, returned === undefined);
  const [outcome, setOutcome] = useState<AddPaymentMethodOutcome | null>(null);
  const flow = useWizardFlow<AddStep>({ first: 'form', onClose });
  const save = flow.submitter<AddPaymentMethodVariables, AddPaymentMethodOutcome>(
    useAddPaymentMethod(),
    { savingStep: 'saving', errorStep: 'form', onSuccess: setOutcome },
  );

  // Back from authentication: commit at once (once, even if effects run twice).
  const committed = useRef(false);
  useEffect(() => {
    if (!returned || committed.current) return;
    committed.current = true;
    save({ type, prepared: returned.stored.prepared, confirmed: returned.confirmed });
  }, [returned, save, type]);

  const title = `${updating ? 'Update' : 'Add'} ${noun[type]}`;
  const SetupForm = client.data?.SetupForm;
  const ready = prepared.data && SetupForm;

  const handleResult = (confirmed: ConfirmResult) => {
    if (prepared.data) save({ type, prepared: prepared.data, confirmed });
  };

  return (
    <WizardModal
      flow={flow}
      title={title}
      footer={
        flow.step === 'form' ? (
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
        ) : undefined
      }
    >
      <WizardStep flow={flow} id="form">
        {returned ? null : init.isError || client.isError ? (
          <FormAlert>{messages.billing.gatewayInitFailed}</FormAlert>
        ) : prepared.isError ? (
          <FormAlert error={prepared.error} />
        ) : ready ? (
          <>
            <SetupForm
              clientSecret={prepared.data.setupIntent.client_secret}
              intentId={prepared.data.setupIntent.id}
              methodType={type}
              submitLabel={type === 'card' ? 'Save Card' : 'Save Account'}
              onBeforeConfirm={() =>
                storeReturn(ADD_METHOD_KEY, {
                  type,
                  prepared: prepared.data,
                } satisfies StoredAddMethod)
              }
              onResult={handleResult}
            />
            {init.data?.mode === 'sandbox' && (
              <TestNumbers numbers={init.data.testNumbers} kind={type} />
            )}
          </>
        ) : (
          <GatewaySkeleton
            label={`Loading the secure ${type === 'card' ? 'card' : 'bank account'} form…`}
          />
        )}
      </WizardStep>
      <WizardSavingStep
        flow={flow}
        id="saving"
        saving={`Saving your ${type === 'card' ? 'card' : 'bank account'}`}
        done={outcomeHeading(type, outcome)}
        status={
          outcome && (
            <span className={`add-outcome add-outcome--${outcome.status.toLowerCase()}`}>
              {outcome.message}
            </span>
          )
        }
      />
    </WizardModal>
  );
}
