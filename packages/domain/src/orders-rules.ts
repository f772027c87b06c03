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

/**
 * An order's progress, moved by the provider's operations (the admin API, the internal route or
 * the CLI; docs/decisions/021, 058): received, in-progress, then completed; or rejected, with the
 * reason the customer is told, while it is not yet completed.
 */
export const ORDER_STATUSES = ['received', 'in-progress', 'completed', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses an order is moved to (an order is received when it is placed). */
export const ORDER_MOVES = ['in-progress', 'completed', 'rejected'] as const;

/** The statuses of an order still waiting for the provider: the queue (decision 058). */
export const WAITING_ORDER_STATUSES = ['received', 'in-progress'] as const;

/** The ticket status that follows each order status (docs/decisions/017 statuses). */
export const ORDER_TICKET_STATUS: Record<OrderStatus, 'New' | 'Open' | 'Resolved'> = {
  received: 'New',
  'in-progress': 'Open',
  completed: 'Resolved',
  rejected: 'Resolved',
};

/** Where an order may go from each status: one step forward, or rejected until it is done. */
const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  received: ['in-progress', 'rejected'],
  'in-progress': ['completed', 'rejected'],
  completed: [],
  rejected: [],
};

/** An order moves forward one step at a time (received -> in-progress -> completed), or is rejected. */
export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}

/** The longest reason for a rejection (the customer reads it in the email and My Tickets). */
export const ORDER_REASON_MAX = 500;

/**
 * What is wrong with a move as asked, whatever the order's status (null: nothing): a rejection
 * needs the reason the customer is told, and only a rejection takes one.
 */
export function orderMoveInputProblem(to: OrderStatus, reason: string | undefined): string | null {
  if (to === 'rejected' && (reason ?? '').trim() === '')
    return 'a rejected order needs a reason, which the customer is told.';
  if (to !== 'rejected' && reason !== undefined) return 'only a rejection takes a reason.';
  return null;
}

/** Why an order in `from` cannot move to `to` (null: it can). */
export function orderMoveProblem(from: OrderStatus, to: OrderStatus): string | null {
  if (canMoveOrder(from, to)) return null;
  if (from === to) return `this order is already ${from}.`;
  const next = NEXT_STATUSES[from];
  if (next.length === 0) return `this order is ${from}: it moves no further.`;
  return `an order that is ${from} cannot move to ${to}; it can move to ${next.join(' or ')}.`;
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
