import type { OrderResult } from '@outpost/contracts/orders';
import type { Service } from '@outpost/contracts/services';
import { isAgreement } from '@outpost/domain/application-rules';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Field } from '@/components/form/field';
import { FormAlert } from '@/components/form/form-alert';
import { WizardModal, WizardSavingStep, WizardStep } from '@/components/wizard';
import { usePersistedValue, useWizardFlow } from '@/components/wizard-flow';
import { useProviders, usePlaceOrder } from '../../api/orders';
import { serviceLabel } from '../../utils/service-display';
import {
  addressErrors,
  type ApplicationErrors,
  type ApplicationField,
  type ApplicationValues,
  businessToday,
  detailsErrors,
  failureStep,
  initialValues,
  ORDER_STEPS,
  type OrderKind,
  type OrderStep,
  serverFieldErrors,
  termsErrors,
  toOrderInput,
} from './application-form';
import { AddressFields, ApplicationReview, DetailsFields } from './application-fields';
import { ServerActionButton } from '@/components/server-action-button';

export const VOIP_TRANSFER_TIME =
  'A VoIP transfer after signed forms typically takes 1-2 business days.';
export const NEW_VOIP_TIME = 'VoIP orders typically take 2-10 business days.';

type KindText = { title: string; event?: string; saving: string; done: string };
const KIND_TEXT: Readonly<Record<OrderKind, KindText>> = {
  'transfer-landline': {
    title: 'Landline Transfer',
    event: 'Transfer Landline',
    saving: 'Sending your transfer request',
    done: 'Thank you',
  },
  'transfer-voip': {
    title: 'VoIP Transfer',
    event: 'Transfer VOIP',
    saving: 'Sending your transfer request',
    done: 'Thank you',
  },
  'new-voip': {
    title: 'New VoIP Service',
    saving: 'Placing your order',
    done: 'Order placed',
  },
};

export type TelephonyOrderModalProps = {
  service: Service;
  onClose: () => void;
  /** The landline transfer terms (the content page), shown inside the terms step. */
  terms?: ReactNode;
};

/**
 * The landline transfer, the VoIP transfer and the new VoIP order (spec 2 sections 2-5): one flow
 * whose steps differ by kind. A step moves on only when it validates (the rules the server
 * checks); Back never validates; a failure returns to the step of the first field refused, else
 * a failed prepare to the address and a failed commit to the details. Progress survives a reload
 * (sessionStorage, until close, success or logout).
 */
function TelephonyOrderModal({
  kind,
  service,
  onClose,
  terms,
}: TelephonyOrderModalProps & { kind: OrderKind }) {
  const ids = useId();
  const text = KIND_TEXT[kind];
  const steps = ORDER_STEPS[kind];
  const flow = useWizardFlow<OrderStep>({
    first: 'details',
    onClose,
    persist: { key: `${kind}:${service.serviceid}` },
  });
  const [order, setOrder] = useState<OrderResult | null>(null);
  // The server's field errors, put on their fields once their step has mounted them (a field
  // registered after its error was set would not show it).
  const [serverErrors, setServerErrors] = useState<ApplicationErrors | null>(null);
  const form = useForm<ApplicationValues>({
    defaultValues: flow.restored<ApplicationValues>('application') ?? initialValues(service),
  });
  const values = form.watch();
  usePersistedValue(flow, 'application', values);
  const providers = useProviders(
    kind === 'transfer-landline' ? 'landline' : 'voip',
    kind !== 'new-voip',
  );
  const providerList = providers.data ?? [];
  const acknowledgeRef = useRef<HTMLInputElement>(null);

  const place = flow.submitter(usePlaceOrder(), {
    savingStep: 'saving',
    errorStep: (error) => failureStep(kind, error),
    ...(text.event ? { event: text.event } : {}),
    onSuccess: setOrder,
    onError: (error) => setServerErrors(serverFieldErrors(error)),
  });

  /** Puts the errors on their fields (the first focused); true when there are none. */
  const showErrors = (errors: ApplicationErrors, focus = false): boolean => {
    const entries = Object.entries(errors) as [ApplicationField, string][];
    entries.forEach(([name, message]) => form.setError(name, { type: 'rule', message }));
    const first = entries[0]?.[0];
    if (focus && first) {
      if (first === 'acknowledged') acknowledgeRef.current?.focus();
      else form.setFocus(first);
    }
    return entries.length === 0;
  };

  useEffect(() => {
    if (!serverErrors) return;
    // An agreement refused (too old, say): it is typed again.
    if (serverErrors.agreement) form.setValue('agreement', '');
    const entries = Object.entries(serverErrors) as [ApplicationField, string][];
    entries.forEach(([name, message]) => form.setError(name, { type: 'rule', message }));
    setServerErrors(null);
  }, [serverErrors, form]);

  const advance = (errors: ApplicationErrors, to: OrderStep) => {
    form.clearErrors();
    if (showErrors(errors, true)) flow.goTo(to);
  };

  const stepAfter = (step: OrderStep): OrderStep => steps[steps.indexOf(step) + 1] ?? 'confirm';

  // agreed_at: when the typed text came to read I AGREE (spec 2 section 4); unset again when
  // the text no longer does, so typing it again records the new time.
  const agreed = isAgreement(values.agreement);
  useEffect(() => {
    const at = form.getValues('agreed_at');
    if (agreed && at === '') form.setValue('agreed_at', new Date().toISOString());
    if (!agreed && at !== '') form.setValue('agreed_at', '');
  }, [agreed, form]);

  const next = () => {
    const v = form.getValues();
    if (flow.step === 'details')
      advance(
        detailsErrors(
          kind,
          v,
          businessToday(),
          providers.data?.map((p) => p.value),
        ),
        stepAfter('details'),
      );
    else if (flow.step === 'address') advance(addressErrors(v), stepAfter('address'));
    else if (flow.step === 'terms') advance(termsErrors(v), 'confirm');
  };

  const confirm = () => place(toOrderInput(kind, service.serviceid, form.getValues()));
  const close = flow.modal.onClose ?? onClose;

  const footer =
    flow.step === 'confirm' ? (
      <>
        <button type="button" className="button" disabled={flow.saving} onClick={flow.back}>
          Back
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={flow.saving}
          onClick={confirm}
        >
          Confirm
        </button>
      </>
    ) : flow.step !== 'saving' ? (
      <>
        <button
          type="button"
          className="button"
          onClick={flow.step === 'details' ? close : flow.back}
        >
          {flow.step === 'details' ? 'Close' : 'Back'}
        </button>
        {(flow.step !== 'terms' || agreed) && (
          <ServerActionButton type="submit" form={`${ids}-form`} className="button button--primary">
            Next
          </ServerActionButton>
        )}
      </>
    ) : undefined;

  const timing =
    kind === 'new-voip' ? NEW_VOIP_TIME : kind === 'transfer-voip' ? VOIP_TRANSFER_TIME : null;

  return (
    <WizardModal flow={flow} steps={steps} title={text.title} footer={footer}>
      <FormProvider {...form}>
        <form
          id={`${ids}-form`}
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            next();
          }}
        >
          <WizardStep flow={flow} id="details" heading="Details">
            <p className="field__hint">
              {kind === 'new-voip'
                ? 'Who the new VoIP service is for and where.'
                : `The number to transfer to us, and whose name it is in.`}
            </p>
            <DetailsFields
              kind={kind}
              providers={providerList}
              providersLoading={kind !== 'new-voip' && providers.isPending}
              acknowledgeRef={acknowledgeRef}
            />
            {providers.isError && <FormAlert>{LOAD_PROVIDERS_FAILED}</FormAlert>}
          </WizardStep>
          <WizardStep flow={flow} id="address" heading="Service Address">
            <p className="field__hint">Where the phone service is.</p>
            <AddressFields />
          </WizardStep>
          <WizardStep flow={flow} id="terms" heading="Terms & Conditions">
            <div
              className="transfer-terms"
              role="region"
              aria-label="Landline transfer terms"
              // Scrollable: keyboard users reach and scroll it.
              tabIndex={0}
            >
              {terms ?? (
                <p>
                  Read the{' '}
                  <Link to="/basic/landline-trasnfer-terms" target="_blank">
                    landline transfer terms
                  </Link>
                  .
                </p>
              )}
            </div>
            <Field<ApplicationValues>
              name="agreement"
              label="Type I AGREE to accept the terms"
              type="text"
              autoComplete="off"
              maxLength={40}
              after={
                !agreed && (
                  <p className="field__hint" aria-live="polite">
                    The Next button appears once you have typed I AGREE.
                  </p>
                )
              }
            />
          </WizardStep>
        </form>
      </FormProvider>
      <WizardStep flow={flow} id="confirm" heading="Confirm">
        <ApplicationReview
          kind={kind}
          values={values}
          service={serviceLabel(service)}
          providers={providerList}
        />
        {timing && <p>{timing}</p>}
      </WizardStep>
      <WizardSavingStep
        flow={flow}
        id="saving"
        saving={text.saving}
        done={text.done}
        status={
          order &&
          `Thank you. Your order number is ${order.orderid} and your ticket number is ${order.number}.`
        }
      >
        {order && (
          <>
            {timing && <p>{timing}</p>}
            <p>
              <Link to={`/support/my-tickets/${order.ticketid}`} onClick={close}>
                View ticket {order.number} in My Tickets
              </Link>
            </p>
          </>
        )}
      </WizardSavingStep>
    </WizardModal>
  );
}

const LOAD_PROVIDERS_FAILED =
  'There was a problem loading the providers. Please close this and try again later.';

/** Landline transfer: 1 Details, 2 Service Address, 3 Terms & Conditions, 4 Confirm, 5 thank-you. */
export function LandlineTransferModal(props: TelephonyOrderModalProps) {
  return <TelephonyOrderModal kind="transfer-landline" {...props} />;
}

/** VoIP transfer: 1 Details, 2 Service Address, 3 Confirm, 4 thank-you. */
export function VoipTransferModal(props: TelephonyOrderModalProps) {
  return <TelephonyOrderModal kind="transfer-voip" {...props} />;
}

/** New VoIP order: 1 details, 2 confirm, 3 processing or success. */
export function NewVoipModal(props: TelephonyOrderModalProps) {
  return <TelephonyOrderModal kind="new-voip" {...props} />;
}
