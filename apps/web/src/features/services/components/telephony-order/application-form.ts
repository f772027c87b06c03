import {
  applicantErrors,
  applicationMessages,
  applicationStep,
  type FieldErrors,
  isAgreement,
  serviceAddressErrors,
  type TelephonyApplication,
} from '@outpost/domain/application-rules';
import type { OrderInput } from '@outpost/contracts/orders';
import type { Service } from '@outpost/contracts/services';
import { businessDate } from '@outpost/domain/time/zoned';
import { isApiError } from '@/lib/api-error';

/**
 * The three telephony order wizards' one form model (spec 2 sections 3-5): the landline and VoIP
 * transfers and the new VoIP order share the fields, the rules (application-rules, the server's
 * own) and the way a failure finds its step.
 */

export type OrderKind = 'transfer-landline' | 'transfer-voip' | 'new-voip';
export type OrderStep = 'details' | 'address' | 'terms' | 'confirm' | 'saving';

/** Each wizard's numbered steps, in order (the saving step follows the last). */
export const ORDER_STEPS: Readonly<Record<OrderKind, readonly OrderStep[]>> = {
  'transfer-landline': ['details', 'address', 'terms', 'confirm'],
  'transfer-voip': ['details', 'address', 'confirm'],
  'new-voip': ['details', 'confirm'],
};

/** The form's values: flat names (a field's payload path ends with its name). */
export type ApplicationValues = {
  phone_number: string;
  current_provider: string;
  account_number: string;
  given_names: string;
  surname: string;
  date_of_birth: string;
  street_address: string;
  suburb: string;
  state: string;
  postcode: string;
  /** Priority Assistance: More Information was opened (the box may be ticked only then). */
  more_info: boolean;
  /** No one at the premises needs Priority Assistance (landline transfer). */
  acknowledged: boolean;
  /** The text typed on the terms step (I AGREE). */
  agreement: string;
  /** When the typed text first read I AGREE (ISO), '' before. */
  agreed_at: string;
};
export type ApplicationField = keyof ApplicationValues;
export type ApplicationErrors = Partial<Record<ApplicationField, string>>;

export const isTransfer = (kind: OrderKind) => kind !== 'new-voip';
export const technologyOf = (kind: OrderKind): TelephonyApplication['technology'] =>
  kind === 'transfer-landline' ? 'Landline' : 'VOIP';

/** A fresh form: the service address prefilled (the transfer is usually for the same premises). */
export function initialValues(service: Service): ApplicationValues {
  return {
    phone_number: '',
    current_provider: '',
    account_number: '',
    given_names: '',
    surname: '',
    date_of_birth: '',
    street_address: service.addr_line,
    suburb: service.addr_suburb,
    state: service.addr_state,
    postcode: service.addr_postcode,
    more_info: false,
    acknowledged: false,
    agreement: '',
    agreed_at: '',
  };
}

/** The form field a payload path names ('applicant.date_of_birth' -> 'date_of_birth'). */
export function fieldOf(path: string): ApplicationField | null {
  if (path === 'agreed_at') return 'agreement';
  const name = path.split('.').pop() ?? '';
  const known: readonly string[] = [
    'phone_number',
    'current_provider',
    'account_number',
    'given_names',
    'surname',
    'date_of_birth',
    'street_address',
    'suburb',
    'state',
    'postcode',
    'agreement',
  ];
  return known.includes(name) ? (name as ApplicationField) : null;
}

function byField(errors: FieldErrors): ApplicationErrors {
  const out: ApplicationErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = fieldOf(path);
    if (field && !out[field]) out[field] = message;
  }
  return out;
}

/** The application as the server takes it (spec 2 section 3). */
export function toApplication(kind: OrderKind, v: ApplicationValues): TelephonyApplication {
  return {
    type: 'Telephony',
    technology: technologyOf(kind),
    telephony: isTransfer(kind)
      ? {
          is_transfer: 1,
          transfer: {
            phone_number: v.phone_number.trim(),
            current_provider: v.current_provider,
            account_number: v.account_number.trim(),
          },
        }
      : { is_transfer: 0 },
    applicant: {
      given_names: v.given_names.trim(),
      surname: v.surname.trim(),
      date_of_birth: v.date_of_birth,
    },
    address: {
      street_address: v.street_address.trim(),
      suburb: v.suburb.trim(),
      state: v.state,
      postcode: v.postcode.trim(),
    },
  };
}

/** prepare-order's body: a landline transfer adds the agreement typed and when. */
export function toOrderInput(kind: OrderKind, serviceid: number, v: ApplicationValues): OrderInput {
  const application = toApplication(kind, v);
  return kind === 'transfer-landline'
    ? {
        serviceid,
        application,
        agreement: v.agreement.trim(),
        agreed_at: v.agreed_at || new Date().toISOString(),
      }
    : { serviceid, application };
}

/** Today in the provider's time zone, 'YYYY-MM-DD' (the adult-age rule's day). */
export function businessToday(now: Date = new Date()): string {
  return businessDate(now);
}

/** The details step: the applicant (and a transfer's number, provider, account, acknowledgement). */
export function detailsErrors(
  kind: OrderKind,
  v: ApplicationValues,
  today: string,
  providers?: readonly string[],
): ApplicationErrors {
  const app = toApplication(kind, v);
  const errors = byField(applicantErrors(app, today, providers));
  if (kind === 'transfer-landline' && !v.acknowledged)
    errors.acknowledged = applicationMessages.acknowledge;
  // The new VoIP order asks for the address on its details step.
  if (kind === 'new-voip') Object.assign(errors, addressErrors(v));
  return errors;
}

export function addressErrors(v: ApplicationValues): ApplicationErrors {
  return byField(serviceAddressErrors(toApplication('new-voip', v).address));
}

export function termsErrors(v: ApplicationValues): ApplicationErrors {
  return isAgreement(v.agreement) ? {} : { agreement: applicationMessages.agree };
}

/** A step this wizard has (the new VoIP order shows the address on its details step). */
function stepIn(kind: OrderKind, step: 'details' | 'address' | 'terms'): OrderStep {
  return ORDER_STEPS[kind].includes(step) ? step : 'details';
}

/**
 * Where a failed order returns (spec 2 section 4): to the step of the first field the server
 * refused; else a failed prepare to the service address and a failed commit to the details (the
 * new VoIP order: its details, its only step before confirm).
 */
export function failureStep(kind: OrderKind, error: unknown): OrderStep {
  const fields = isApiError(error) ? error.fields : undefined;
  const first = fields ? Object.keys(fields)[0] : undefined;
  if (first !== undefined) return stepIn(kind, applicationStep(first));
  if (isApiError(error) && error.phase === 'prepare') return stepIn(kind, 'address');
  return 'details';
}

/** The server's field errors, by form field. */
export function serverFieldErrors(error: unknown): ApplicationErrors {
  return isApiError(error) && error.fields ? byField(error.fields) : {};
}
