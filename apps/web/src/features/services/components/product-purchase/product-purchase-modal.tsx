import type { OrderResult } from '@outpost/contracts/orders';
import type { Service } from '@outpost/contracts/services';
import { messages } from '@outpost/contracts/messages';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { FormAlert } from '@/components/form/form-alert';
import { WizardModal, WizardSavingStep, WizardStep } from '@/components/wizard';
import { useWizardFlow } from '@/components/wizard-flow';
import { ApiError } from '@/lib/api-error';
import { useOrderProduct, useProducts } from '../../api/products';
import { AddressStep } from './address-step';
import { ConfirmStep } from './confirm-step';
import { ProductChoice } from './product-choice';
import {
  ADDRESS_FIELDS,
  type AddressField,
  DELIVERY_TEXT,
  errorStepOf,
  NUMBERED_STEPS,
  orderOf,
  type PurchaseStep,
  type PurchaseValues,
  purchaseRules,
  startingValues,
} from './purchase-form';
import './product-purchase.css';
import { ServerActionButton } from '@/components/server-action-button';

export type ProductPurchaseModalProps = { service: Service; onClose: () => void };

/**
 * Purchase a product (spec 2 sections 2, 4, 5 and 9): 1 choose a product from the catalogue, 2 the
 * shipping address and, unless it is the same, the billing address, 3 confirm with the price on
 * the next invoice and the delivery time, 4 processing then success with the order and ticket
 * numbers. Prepare-order then commit-order, exactly once.
 */
export function ProductPurchaseModal({ service, onClose }: ProductPurchaseModalProps) {
  const ids = useId();
  const formId = `${ids}-form`;
  const products = useProducts();
  const [order, setOrder] = useState<OrderResult | null>(null);
  const form = useForm<PurchaseValues>({
    resolver: purchaseRules,
    defaultValues: startingValues(service),
  });
  const flow = useWizardFlow<PurchaseStep>({ first: 'product', onClose });
  const productid = form.watch('productid');
  const chosen = products.data?.find((p) => String(p.productid) === productid);

  const place = flow.submitter(useOrderProduct(), {
    savingStep: 'saving',
    errorStep: errorStepOf,
    event: 'Purchase Product',
    track: () => ({ product: chosen?.name ?? null }),
    onSuccess: setOrder,
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      // A product no longer sold leaves the catalogue (and the choice), to choose another.
      if (error.status === 409) {
        form.setValue('productid', '');
        void products.refetch();
      }
      for (const [path, message] of Object.entries(error.fields ?? {})) {
        if (path === 'productid' || (ADDRESS_FIELDS as readonly string[]).includes(path))
          form.setError(path as AddressField | 'productid', { type: 'server', message });
      }
    },
  });

  const confirm = form.handleSubmit((values) => place(orderOf(service.serviceid, values)));

  /** Enter or the footer's Next: this step's fields checked, then the next step. */
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (flow.step === 'product') {
      void form
        .trigger('productid', { shouldFocus: true })
        .then((ok) => ok && flow.goTo('address'));
    } else if (flow.step === 'address') {
      void form
        .trigger([...ADDRESS_FIELDS], { shouldFocus: true })
        .then((ok) => ok && flow.goTo('confirm'));
    } else if (flow.step === 'confirm') {
      void confirm(event);
    }
  };

  const next = (label: ReactNode, disabled = false) => (
    <ServerActionButton
      type="submit"
      form={formId}
      className="button button--primary"
      disabled={disabled}
    >
      {label}
    </ServerActionButton>
  );
  const back = (
    <button type="button" className="button" disabled={flow.saving} onClick={flow.back}>
      Back
    </button>
  );
  const footers: Record<PurchaseStep, ReactNode> = {
    product: (
      <>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
        {next('Next', !products.data || products.data.length === 0)}
      </>
    ),
    address: (
      <>
        {back}
        {next('Next')}
      </>
    ),
    confirm: (
      <>
        {back}
        {next(
          <>
            Confirm
            {chosen && <span className="visually-hidden"> and order the {chosen.name}</span>}
          </>,
          flow.saving || !chosen,
        )}
      </>
    ),
    saving: undefined,
  };

  return (
    <WizardModal
      flow={flow}
      steps={NUMBERED_STEPS}
      title="Purchase a Product"
      initialFocus="title"
      className="product-purchase"
      footer={footers[flow.step]}
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={handleSubmit} noValidate>
          <WizardStep flow={flow} id="product" heading="Choose a product">
            {products.isPending ? (
              // About the catalogue's room, so the dialog does not jump when it arrives.
              <div className="product-list-loading">
                <LoadingState label="Loading products…" />
              </div>
            ) : products.isError ? (
              <FormAlert>{messages.banner.loadData}</FormAlert>
            ) : products.data.length === 0 ? (
              <p className="empty-state">There are no products to order right now.</p>
            ) : (
              <ProductChoice products={products.data} />
            )}
          </WizardStep>
          <WizardStep flow={flow} id="address" heading="Address">
            <AddressStep />
          </WizardStep>
        </form>
      </FormProvider>
      {chosen && (
        <WizardStep flow={flow} id="confirm" heading="Confirm">
          <ConfirmStep
            service={service}
            chosen={chosen}
            values={form.getValues()}
            onChangeProduct={() => flow.goTo('product')}
            onChangeAddress={() => flow.goTo('address')}
          />
        </WizardStep>
      )}
      <WizardSavingStep
        flow={flow}
        id="saving"
        saving="Placing your order"
        done="Order placed"
        status={
          order &&
          `Thank you for your order. Your order number is ${order.orderid} and your ticket number is ${order.number}.`
        }
      >
        {order && (
          <>
            <p>{DELIVERY_TEXT}</p>
            <p>
              <Link to={`/support/my-tickets/${order.ticketid}`}>
                Follow ticket {order.number} in My Tickets
              </Link>
            </p>
          </>
        )}
      </WizardSavingStep>
    </WizardModal>
  );
}
