/**
 * The rules of an order's application both sides share, without zod (the web bundle imports
 * them; docs/decisions/022-orders-products-and-transfers.md): the product order's addresses, the
 * landline and VoIP transfer applications and the new VoIP application (spec 2 sections 3 and 5).
 *
 * Required-field messages are the spec's. The spec shows no format rules ('no format rules on
 * phone number, date or postcode are shown'); the server is the provider's system of record, so
 * it checks what a carrier would refuse, with messages of our own: a real date of birth of an
 * adult, a 4-digit postcode of the state chosen, an Australian phone number.
 */

import { type AuState, isAuState } from './au-states';

/** Australia Post's postcode ranges per state (inclusive). */
const POSTCODE_RANGES: Record<AuState, [number, number][]> = {
  ACT: [
    [200, 299],
    [2600, 2618],
    [2900, 2920],
  ],
  NSW: [
    [1000, 2599],
    [2619, 2899],
    [2921, 2999],
  ],
  NT: [[800, 999]],
  QLD: [
    [4000, 4999],
    [9000, 9999],
  ],
  SA: [[5000, 5999]],
  TAS: [[7000, 7999]],
  VIC: [
    [3000, 3999],
    [8000, 8999],
  ],
  WA: [[6000, 6999]],
};

export const MINIMUM_AGE = 18;
/** The longest name, address line or account number a field takes. */
export const APPLICATION_TEXT_MAX = 80;

export const applicationMessages = {
  number: 'Number is required',
  firstName: 'First Name is required',
  lastName: 'Last Name is required',
  dob: 'Date of Birth is required',
  provider: 'Current Provider is required',
  account: 'Account Number is required',
  acknowledge:
    'Please click more information to see information about Priority Assistance, and tick the box if you agree.',
  address: 'Address is required',
  suburb: 'Suburb is required',
  state: 'State is required',
  postcode: 'Postcode is required',
  shippingAddress: 'Shipping Address is required',
  billingAddress: 'Billing Address is required',
  agree: 'Please type I AGREE to accept the terms.',
  // Ours (the spec shows no format rules; see the file's comment).
  postcodeDigits: 'Postcode must be 4 digits.',
  postcodeState: (state: string) => `This postcode is not in ${state}.`,
  stateUnknown: 'Please choose a state from the list.',
  dobInvalid: 'Please enter a real date of birth.',
  dobAdult: `The applicant must be ${MINIMUM_AGE} or older.`,
  phoneInvalid: 'Please enter an Australian phone number with its area code, like 07 5550 0123.',
  providerUnknown: 'Please choose your current provider from the list.',
  tooLong: `Please use at most ${APPLICATION_TEXT_MAX} characters.`,
} as const;

/** Field path -> message (paths as in the payload: 'applicant.date_of_birth'). */
export type FieldErrors = Record<string, string>;

const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/** Does a 4-digit postcode belong to the state? */
export function postcodeInState(postcode: string, state: string): boolean {
  const ranges = POSTCODE_RANGES[state as AuState];
  if (!ranges || !/^[0-9]{4}$/.test(postcode)) return false;
  const n = Number(postcode);
  return ranges.some(([from, to]) => n >= from && n <= to);
}

/** Digits of a phone number as typed (spaces, dashes, brackets, a +61 prefix). */
export function phoneDigits(value: string): string {
  const digits = value.replace(/[\s\-().]/g, '');
  return digits.startsWith('+61') ? `0${digits.slice(3)}` : digits;
}

/**
 * An Australian fixed-line number (02, 03, 07, 08 and 8 digits): the numbers a landline or a VoIP
 * service carries. VoIP may also be a 1300/1800 number.
 */
export function isAustralianPhone(value: string, kind: 'landline' | 'voip'): boolean {
  const d = phoneDigits(value);
  if (/^0[2378][0-9]{8}$/.test(d)) return true;
  return kind === 'voip' && /^1[38]00[0-9]{6}$/.test(d);
}

/** A real calendar date 'YYYY-MM-DD' (what a date input gives), as UTC midnight; else null. */
export function parseCalendarDate(value: string): Date | null {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  const real =
    date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  return real ? date : null;
}

/** A real calendar date 'YYYY-MM-DD' from 1900 on, as UTC midnight; else null. */
export function parseIsoDate(value: string): Date | null {
  const date = parseCalendarDate(value);
  return date && date.getUTCFullYear() >= 1900 ? date : null;
}

/** Whole years from a date of birth to today (`today` as 'YYYY-MM-DD', the provider's day). */
export function ageOn(dob: Date, today: string): number {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  let age = y - dob.getUTCFullYear();
  if (m < dob.getUTCMonth() + 1 || (m === dob.getUTCMonth() + 1 && d < dob.getUTCDate())) age -= 1;
  return age;
}

function dobError(value: unknown, today: string): string | undefined {
  if (blank(value)) return applicationMessages.dob;
  const dob = parseIsoDate((value as string).trim());
  if (!dob) return applicationMessages.dobInvalid;
  const age = ageOn(dob, today);
  if (age < 0 || age > 120) return applicationMessages.dobInvalid;
  if (age < MINIMUM_AGE) return applicationMessages.dobAdult;
  return undefined;
}

function text(errors: FieldErrors, path: string, value: unknown, required: string) {
  if (blank(value)) errors[path] = required;
  else if ((value as string).length > APPLICATION_TEXT_MAX)
    errors[path] = applicationMessages.tooLong;
}

/** State and postcode of an address, the postcode checked against the state. */
function statePostcode(
  errors: FieldErrors,
  paths: { state: string; postcode: string },
  state: unknown,
  postcode: unknown,
) {
  if (blank(state)) errors[paths.state] = applicationMessages.state;
  else if (!isAuState(state as string)) errors[paths.state] = applicationMessages.stateUnknown;
  if (blank(postcode)) errors[paths.postcode] = applicationMessages.postcode;
  else if (!/^[0-9]{4}$/.test((postcode as string).trim()))
    errors[paths.postcode] = applicationMessages.postcodeDigits;
  else if (!errors[paths.state] && !postcodeInState((postcode as string).trim(), state as string))
    errors[paths.postcode] = applicationMessages.postcodeState(state as string);
}

// ---- product order

export type ProductAddress = {
  shipping_addr_line1: string;
  shipping_addr_line2?: string;
  shipping_suburb: string;
  shipping_state: string;
  shipping_postcode: string;
  /** 'Billing address same as shipping address' (ticked: the billing fields are not sent). */
  billing_same: boolean;
  billing_addr_line1?: string;
  billing_addr_line2?: string;
  billing_suburb?: string;
  billing_state?: string;
  billing_postcode?: string;
};

/** The product order's address fields (spec 2 section 5 'Product shipping'). */
export function productAddressErrors(a: Partial<ProductAddress>): FieldErrors {
  const errors: FieldErrors = {};
  text(errors, 'shipping_addr_line1', a.shipping_addr_line1, applicationMessages.shippingAddress);
  if ((a.shipping_addr_line2 ?? '').length > APPLICATION_TEXT_MAX)
    errors.shipping_addr_line2 = applicationMessages.tooLong;
  text(errors, 'shipping_suburb', a.shipping_suburb, applicationMessages.suburb);
  statePostcode(
    errors,
    { state: 'shipping_state', postcode: 'shipping_postcode' },
    a.shipping_state,
    a.shipping_postcode,
  );
  if (!a.billing_same) {
    text(errors, 'billing_addr_line1', a.billing_addr_line1, applicationMessages.billingAddress);
    if ((a.billing_addr_line2 ?? '').length > APPLICATION_TEXT_MAX)
      errors.billing_addr_line2 = applicationMessages.tooLong;
    text(errors, 'billing_suburb', a.billing_suburb, applicationMessages.suburb);
    statePostcode(
      errors,
      { state: 'billing_state', postcode: 'billing_postcode' },
      a.billing_state,
      a.billing_postcode,
    );
  }
  return errors;
}

// ---- telephony applications (spec 2 section 3)

export type TelephonyApplication = {
  type: 'Telephony';
  technology: 'Landline' | 'VOIP';
  telephony:
    | {
        is_transfer: 1;
        transfer: { phone_number: string; current_provider: string; account_number: string };
      }
    | { is_transfer: 0 };
  applicant: { given_names: string; surname: string; date_of_birth: string };
  address: { street_address: string; suburb: string; state: string; postcode: string };
};

/** Which step of its wizard shows a field (the wizards put a server's field error there). */
export function applicationStep(path: string): 'details' | 'address' | 'terms' {
  if (path.startsWith('address.')) return 'address';
  if (path === 'agreement' || path === 'agreed_at') return 'terms';
  return 'details';
}

/** The details step: the transfer's number, provider and account, and the applicant. */
export function applicantErrors(
  app: Pick<TelephonyApplication, 'technology' | 'telephony' | 'applicant'>,
  today: string,
  providers?: readonly string[],
): FieldErrors {
  const errors: FieldErrors = {};
  if (app.telephony.is_transfer === 1) {
    const t = app.telephony.transfer;
    if (blank(t.phone_number))
      errors['telephony.transfer.phone_number'] = applicationMessages.number;
    else if (
      !isAustralianPhone(t.phone_number, app.technology === 'Landline' ? 'landline' : 'voip')
    )
      errors['telephony.transfer.phone_number'] = applicationMessages.phoneInvalid;
    if (blank(t.current_provider))
      errors['telephony.transfer.current_provider'] = applicationMessages.provider;
    else if (providers && !providers.includes(t.current_provider))
      errors['telephony.transfer.current_provider'] = applicationMessages.providerUnknown;
    text(
      errors,
      'telephony.transfer.account_number',
      t.account_number,
      applicationMessages.account,
    );
  }
  text(errors, 'applicant.given_names', app.applicant.given_names, applicationMessages.firstName);
  text(errors, 'applicant.surname', app.applicant.surname, applicationMessages.lastName);
  const dob = dobError(app.applicant.date_of_birth, today);
  if (dob) errors['applicant.date_of_birth'] = dob;
  return errors;
}

/** The service address step (spec 2 section 5 'Step 2'). */
export function serviceAddressErrors(address: TelephonyApplication['address']): FieldErrors {
  const errors: FieldErrors = {};
  text(errors, 'address.street_address', address.street_address, applicationMessages.address);
  text(errors, 'address.suburb', address.suburb, applicationMessages.suburb);
  statePostcode(
    errors,
    { state: 'address.state', postcode: 'address.postcode' },
    address.state,
    address.postcode,
  );
  return errors;
}

/** I AGREE, case-insensitively (spec 2 section 4 'Landline agreement'). */
export const isAgreement = (typed: string) => typed.trim().toUpperCase() === 'I AGREE';

/** Every field error of a telephony application (the server checks all; a wizard, its step's). */
export function telephonyApplicationErrors(
  app: TelephonyApplication,
  today: string,
  providers?: readonly string[],
): FieldErrors {
  return { ...applicantErrors(app, today, providers), ...serviceAddressErrors(app.address) };
}
