import { type ProductAddress, productAddressErrors } from '@outpost/domain/application-rules';
import { BILLING_FIELDS, SHIPPING_FIELDS } from '@outpost/domain/product-address';
import { messages } from '@outpost/contracts/messages';
import type { OrderResult, Product, ProductOrderInput } from '@outpost/contracts/orders';
import type { Service } from '@outpost/contracts/services';
import { AU_STATE_OPTIONS, isAuState } from '@outpost/domain/au-states';
import { formatMoney } from '@outpost/domain/format';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { Field } from '@/components/form/field';
import { type Rules, rulesResolver } from '@/components/form/rules-resolver';
import { LoadingState } from '@/components/loading-state';
import { ReviewList } from '@/components/review-list';
import { FormAlert } from '@/components/form/form-alert';
import { WizardModal, WizardSavingStep, WizardStep } from '@/components/wizard';
import { useWizardFlow } from '@/components/wizard-flow';
import { ApiError } from '@/lib/api-error';
import { useOrderProduct, useProducts } from '../api/products';
import { serviceLabel } from '../utils/service-display';
import './product-purchase.css';
import { ServerActionButton } from '@/components/server-action-button';

export type ProductPurchaseModalProps = { service: Service; onClose: () => void };

type PurchaseStep = 'product' | 'address' | 'confirm' | 'saving';
const NUMBERED_STEPS = ['product', 'address', 'confirm'] as const;

/** The form: the product chosen (its id as the radio's value) and the addresses. */
type PurchaseValues = Required<ProductAddress> & { productid: string };

const ADDRESS_FIELDS = [...SHIPPING_FIELDS, ...BILLING_FIELDS] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Spec 2 section 9: 'Expected router delivery is within 10 business days.' */
export const DELIVERY_TEXT = 'Expected delivery within 10 business days.';
export const chargeText = (price: number) =>
  `The price of ${formatMoney(price)} is charged on your next invoice.`;

/** The address rules are the server's (`productAddressErrors`): each field takes its message. */
const purchaseRules = rulesResolver<PurchaseValues>({
  productid: (value) => (value === '' ? messages.telephony.required : null),
  ...(Object.fromEntries(
    ADDRESS_FIELDS.map((name) => [
      name,
      (_value: string, values: PurchaseValues) => productAddressErrors(values)[name] ?? null,
    ]),
  ) as Rules<PurchaseValues>),
});

/** The service's address as the shipping address to start from (where the service is). */
function startingValues(service: Service): PurchaseValues {
  const known = isAuState(service.addr_state);
  return {
    productid: '',
    shipping_addr_line1: known ? service.addr_line : '',
    shipping_addr_line2: '',
    shipping_suburb: known ? service.addr_suburb : '',
    shipping_state: known ? service.addr_state : '',
    shipping_postcode: known ? service.addr_postcode : '',
    billing_same: true,
    billing_addr_line1: '',
    billing_addr_line2: '',
    billing_suburb: '',
    billing_state: '',
    billing_postcode: '',
  };
}

/** The payload (spec 2 section 3): trimmed; a line 2 only when given, billing only when not the same. */
function orderOf(serviceid: number, v: PurchaseValues): ProductOrderInput {
  const shipping2 = v.shipping_addr_line2.trim();
  const billing2 = v.billing_addr_line2.trim();
  return {
    serviceid,
    productid: Number(v.productid),
    shipping_addr_line1: v.shipping_addr_line1.trim(),
    ...(shipping2 === '' ? {} : { shipping_addr_line2: shipping2 }),
    shipping_suburb: v.shipping_suburb.trim(),
    shipping_state: v.shipping_state,
    shipping_postcode: v.shipping_postcode.trim(),
    billing_same: v.billing_same,
    ...(v.billing_same
      ? {}
      : {
          billing_addr_line1: v.billing_addr_line1.trim(),
          ...(billing2 === '' ? {} : { billing_addr_line2: billing2 }),
          billing_suburb: v.billing_suburb.trim(),
          billing_state: v.billing_state,
          billing_postcode: v.billing_postcode.trim(),
        }),
  };
}

/** An address as its lines. */
function addressLines(line1: string, line2: string, suburb: string, state: string, pc: string) {
  return (
    <span className="product-address">
      <span>{line1.trim()}</span>
      {line2.trim() !== '' && <span>{line2.trim()}</span>}
      <span>{`${suburb.trim()} ${state} ${pc.trim()}`}</span>
    </span>
  );
}

/**
 * Where a refused order returns (spec 2 section 8: 'returns to the earlier step with the server's
 * error text'): to the step that shows the fields the server named; to the catalogue when the
 * product is no longer sold (409 'Please choose another.'); to the address when the check
 * (prepare) refused it otherwise; else to Confirm.
 */
function errorStepOf(error: unknown): PurchaseStep {
  if (!(error instanceof ApiError)) return 'confirm';
  const named = Object.keys(error.fields ?? {});
  if (named.length > 0) return named.every((path) => path === 'productid') ? 'product' : 'address';
  if (error.status === 409) return 'product';
  return error.phase === 'prepare' ? 'address' : 'confirm';
}

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
  const billingSame = form.watch('billing_same');
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

  const v = form.getValues();

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
            <div className="form">
              <fieldset className="product-fieldset">
                <legend className="choice-group__legend">Shipping address</legend>
                <AddressFields kind="shipping" />
              </fieldset>
              <div className="choice">
                <input
                  type="checkbox"
                  id={`${ids}-same`}
                  {...form.register('billing_same', {
                    onChange: () => form.clearErrors([...BILLING_FIELDS]),
                  })}
                />
                <label htmlFor={`${ids}-same`} className="choice__label">
                  Billing address same as shipping address
                </label>
              </div>
              {!billingSame && (
                <fieldset className="product-fieldset">
                  <legend className="choice-group__legend">Billing address</legend>
                  <AddressFields kind="billing" />
                </fieldset>
              )}
            </div>
          </WizardStep>
        </form>
      </FormProvider>
      {chosen && (
        <WizardStep flow={flow} id="confirm" heading="Confirm">
          <ReviewList
            items={[
              ['Service', serviceLabel(service)],
              ['Product', `${chosen.name} (${chosen.model})`],
              ['Price', formatMoney(chosen.price)],
              ['RRP', formatMoney(chosen.rrp)],
              [
                'Shipping address',
                addressLines(
                  v.shipping_addr_line1,
                  v.shipping_addr_line2,
                  v.shipping_suburb,
                  v.shipping_state,
                  v.shipping_postcode,
                ),
              ],
              [
                'Billing address',
                v.billing_same
                  ? 'Same as shipping address'
                  : addressLines(
                      v.billing_addr_line1,
                      v.billing_addr_line2,
                      v.billing_suburb,
                      v.billing_state,
                      v.billing_postcode,
                    ),
              ],
            ]}
          />
          <p className="product-edits">
            <button
              type="button"
              className="button button--link"
              onClick={() => flow.goTo('product')}
            >
              Change the product
            </button>
            <button
              type="button"
              className="button button--link"
              onClick={() => flow.goTo('address')}
            >
              Change the address
            </button>
          </p>
          <ul className="review-notes">
            <li>{DELIVERY_TEXT}</li>
            <li>{chargeText(chosen.price)}</li>
          </ul>
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

/**
 * The catalogue as one radio group of cards: a picture (its size reserved), name, model, price and
 * the RRP (struck through when above the price). Arrow keys move the choice, as in any radio group.
 */
function ProductChoice({ products }: { products: readonly Product[] }) {
  const ids = useId();
  const { register, formState, clearErrors } = useFormContext<PurchaseValues>();
  const error = formState.errors.productid?.message;
  const errorId = `${ids}-error`;
  const radio = register('productid', {
    onChange: () => {
      if (formState.errors.productid) clearErrors('productid');
    },
  });
  return (
    <fieldset
      className="choice-group"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="visually-hidden">Products</legend>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
      <ul className="product-list">
        {products.map((p) => {
          const id = `${ids}-${p.productid}`;
          const discounted = p.rrp > p.price;
          return (
            <li key={p.productid}>
              <label className="product-card" htmlFor={id}>
                <input
                  type="radio"
                  id={id}
                  value={String(p.productid)}
                  aria-labelledby={`${id}-name`}
                  aria-describedby={`${id}-facts`}
                  {...radio}
                />
                <img
                  className="product-card__image"
                  src={p.image}
                  alt={p.name}
                  width={320}
                  height={240}
                  loading="lazy"
                  decoding="async"
                />
                <span className="product-card__text">
                  <span id={`${id}-name`} className="product-card__name">
                    {p.name}
                  </span>
                  <span id={`${id}-facts`} className="product-card__facts">
                    <span className="product-card__model">Model {p.model}</span>
                    <span className="product-card__price">{formatMoney(p.price)}</span>
                    {discounted ? (
                      <span className="product-card__rrp">
                        <s>RRP {formatMoney(p.rrp)}</s>
                        <span className="visually-hidden">
                          {' '}
                          (you save {formatMoney(p.rrp - p.price)})
                        </span>
                      </span>
                    ) : (
                      <span className="product-card__rrp">RRP {formatMoney(p.rrp)}</span>
                    )}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

const addressLabels = {
  shipping: { line1: 'Shipping Address line 1', line2: 'Shipping Address line 2 (optional)' },
  billing: { line1: 'Billing Address line 1', line2: 'Billing Address line 2 (optional)' },
} as const;

/** One address: two lines, suburb, state (the spec's order) and postcode; autofill-aware. */
function AddressFields({ kind }: { kind: 'shipping' | 'billing' }) {
  const labels = addressLabels[kind];
  const auto = (token: string) => `${kind} ${token}`;
  return (
    <div className="form">
      <Field<PurchaseValues>
        name={`${kind}_addr_line1`}
        label={labels.line1}
        type="text"
        autoComplete={auto('address-line1')}
        maxLength={80}
      />
      <Field<PurchaseValues>
        name={`${kind}_addr_line2`}
        label={labels.line2}
        type="text"
        autoComplete={auto('address-line2')}
        maxLength={80}
      />
      <Field<PurchaseValues>
        name={`${kind}_suburb`}
        label="Suburb"
        type="text"
        autoComplete={auto('address-level2')}
        maxLength={80}
      />
      <div className="field-row">
        <Field<PurchaseValues>
          name={`${kind}_state`}
          label="State"
          emptyOption="Select a state"
          options={AU_STATE_OPTIONS}
        />
        <Field<PurchaseValues>
          name={`${kind}_postcode`}
          label="Postcode"
          type="text"
          inputMode="numeric"
          autoComplete={auto('postal-code')}
          maxLength={4}
        />
      </div>
    </div>
  );
}
