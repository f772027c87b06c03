/**
 * Order rules both sides share, without zod (the web bundle imports them;
 * docs/decisions/021-orders-and-telephony-changes.md).
 */
import { checkVoicemailPin, PIN_FEATURES } from './pin-rules';

/** Every kind of order of issue 18; each creates a ticket the customer follows in My Tickets. */
export const ORDER_KINDS = [
  'call-barring',
  'landline-options',
  'product',
  'landline-transfer',
  'voip-transfer',
  'new-voip',
] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

/** An order's progress, moved by the provider's operations (internal route or CLI). */
export const ORDER_STATUSES = ['received', 'in-progress', 'completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The ticket status that follows each order status (docs/decisions/017 statuses). */
export const ORDER_TICKET_STATUS: Record<OrderStatus, 'New' | 'Open' | 'Resolved'> = {
  received: 'New',
  'in-progress': 'Open',
  completed: 'Resolved',
};

/** An order moves forward only: received -> in-progress -> completed. */
export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_STATUSES.indexOf(to) === ORDER_STATUSES.indexOf(from) + 1;
}

/** The number a customer sees for an order ('O' and the id). */
export const orderNumber = (id: number) => `O${id}`;

/** The four types of a telephony feature (spec 2 section 3). */
export const TELEPHONY_FEATURE_TYPES = ['selection', 'select', 'toggle', 'text'] as const;
export type TelephonyFeatureType = (typeof TELEPHONY_FEATURE_TYPES)[number];

/** The longest value a text feature takes (a phone number, a PIN). */
export const TELEPHONY_TEXT_MAX = 40;

/** The parts of a feature the rules below need (the contract's TelephonyFeature has them). */
export type FeatureRuleShape = {
  featureid: number;
  /** The feature's key ('voicemail-pin'): a PIN feature takes a PIN (packages/domain/pin-rules). */
  feature: string;
  type: TelephonyFeatureType;
  range: string[] | null;
  requires: number[];
  data: { value: string; label: string }[];
};

/** A toggle is on when its value is the second of its range (off then on). */
export function isToggleOn(feature: FeatureRuleShape, value: string): boolean {
  return feature.type === 'toggle' && feature.range !== null && value === feature.range[1];
}

/**
 * Whether a feature is needed (shown and required): a feature that requires others is needed
 * only while each of those toggles is on (spec 2 section 5: 'when a toggle is on, its dependent
 * fields may not be empty').
 */
export function featureActive(
  feature: FeatureRuleShape,
  byId: Map<number, FeatureRuleShape>,
  values: Map<number, string>,
): boolean {
  return feature.requires.every((id) => {
    const parent = byId.get(id);
    return parent !== undefined && isToggleOn(parent, values.get(id) ?? '');
  });
}

/**
 * The field errors of a set of values (all features' final values): a dependent field that is
 * needed may not be empty; a select/selection/toggle value must be one of its choices. Returns
 * featureid -> message.
 */
export function telephonyErrors(
  features: FeatureRuleShape[],
  values: Map<number, string>,
  texts: { required: string; invalid: string },
): Map<number, string> {
  const byId = new Map(features.map((f) => [f.featureid, f]));
  const errors = new Map<number, string>();
  for (const f of features) {
    const value = values.get(f.featureid) ?? '';
    const active = featureActive(f, byId, values);
    if (f.type === 'text') {
      if (active && f.requires.length > 0 && value.trim() === '') {
        errors.set(f.featureid, texts.required);
      } else if (value.length > TELEPHONY_TEXT_MAX) errors.set(f.featureid, texts.invalid);
      else if (PIN_FEATURES.includes(f.feature)) {
        const pinProblem = checkVoicemailPin(value);
        if (pinProblem !== null) errors.set(f.featureid, pinProblem);
      }
    } else if (f.type === 'toggle') {
      if (!f.range?.includes(value)) errors.set(f.featureid, texts.invalid);
    } else if (!f.data.some((o) => o.value === value)) {
      if (active || value !== '') errors.set(f.featureid, texts.invalid);
    }
  }
  return errors;
}
