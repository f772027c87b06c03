import { timeZoneOfState } from '@outpost/domain/time/names';
import { z } from 'zod';
import { businessCalendar } from '@outpost/domain/business-calendar';
import {
  CALLBACK_OUTCOMES,
  CALLBACK_REASON_MAX,
  CALLBACK_TEAMS,
  DEFAULT_CALLBACK_SETTINGS,
  callbackDays,
} from '@outpost/domain/callback-slots';
import { apiPaths } from './api-paths';
import { envelope, idParam } from './http';
import { defineRoute } from './route-contract';

/**
 * Callbacks (spec 1 section 7 declares 'support callback times' and 'request callback' without
 * fields; docs/decisions/017 "Callbacks"): the offered times per team, a booking as
 * prepare -> commit (a ticket opens with it), the caller's upcoming callbacks and cancelling one.
 */

export const callbackTeam = z.enum(CALLBACK_TEAMS);

/** An IANA zone name as `Intl.DateTimeFormat().resolvedOptions().timeZone` gives it. */
const timeZoneName = z
  .string()
  .trim()
  .regex(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/, 'must be a time zone name like Australia/Perth')
  .max(64);

export const callbackTimesQuery = z.strictObject({
  team: callbackTeam.optional(),
  /** The caller's zone; without it, the zone of the account's first service address. */
  tz: timeZoneName.optional(),
});

export const callbackSlot = z.object({
  /** The slot's start, ISO UTC: what a booking sends back. */
  start: z.iso.datetime(),
  /** '10:30 am' on the business zone's clock. */
  aest: z.string(),
  /** The business zone's name at that time: 'AEST' (the demo, Brisbane), 'AEDT', 'AWST'. */
  zone: z.string(),
  /** '8:30 am' in `time_zone` (with the weekday when that is another date). */
  local: z.string(),
  /** The caller's clock reads the same as the business zone's at that time. */
  same: z.boolean(),
});
export type CallbackSlot = z.infer<typeof callbackSlot>;

export const callbackDay = z.object({
  /** Brisbane date, YYYY-MM-DD. */
  date: z.string(),
  /** 'Tue 1 Dec'. */
  label: z.string(),
  /** Empty when every time that day is taken. */
  slots: z.array(callbackSlot),
});
export type CallbackDay = z.infer<typeof callbackDay>;

export const callbackTeamTimes = z.object({
  team: callbackTeam,
  name: z.string(),
  /** The Contact page's hours of the team. */
  hours: z.string(),
  days: z.array(callbackDay),
});
export type CallbackTeamTimes = z.infer<typeof callbackTeamTimes>;

export const callbackTimesOutput = envelope(
  z.object({
    /** The zone the `local` labels are in. */
    time_zone: z.string(),
    teams: z.array(callbackTeamTimes),
  }),
);
export type CallbackTimes = z.infer<typeof callbackTimesOutput>['data'];

const requestFields = {
  team: callbackTeam,
  slot: z.iso.datetime(),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9]{8,15}$/, 'must be 8 to 15 digits'),
  reason: z.string().trim().min(1).max(CALLBACK_REASON_MAX),
  /** The caller's zone, for the confirmation email's 'your time'. */
  time_zone: timeZoneName.optional(),
};
export const requestCallbackPrepareInput = z.strictObject(requestFields);
export type RequestCallbackInput = z.infer<typeof requestCallbackPrepareInput>;
export const requestCallbackCommitInput = z.strictObject({
  ...requestFields,
  csrf: z.string().min(1).max(200),
});
export const requestCallbackPrepareOutput = envelope(z.object({ csrf: z.string() }));

export const callbackOutput = z.object({
  callbackid: z.number().int(),
  team: callbackTeam,
  /** ISO UTC start of the slot. */
  slot: z.iso.datetime(),
  /** 'Technical Support, Tue 1 Dec 10:30 am AEST'. */
  summary: z.string(),
  phone: z.string(),
  reason: z.string(),
  ticketid: z.number().int(),
  /** 'T240001'. */
  ticket_number: z.string(),
  /** Before the slot starts. */
  cancellable: z.boolean(),
  /**
   * What became of it (decision 059): null while it is booked (or ended with nothing recorded);
   * a cancellation by the customer reads 'cancelled'.
   */
  outcome: z.enum(CALLBACK_OUTCOMES).nullable(),
  /** 'Called', 'No answer', 'Rebooked', 'Cancelled'; null with no outcome. */
  outcome_label: z.string().nullable(),
});
export type Callback = z.infer<typeof callbackOutput>;

export const requestCallbackCommitOutput = envelope(callbackOutput);
export const callbacksOutput = envelope(z.array(callbackOutput));
export const callbackParams = z.strictObject({ callbackid: idParam });
export const cancelCallbackOutput = envelope(z.object({ cancelled: z.literal(true) }));

/**
 * A slot the matrix and fuzz tests may book: Technical Support's first slot on its second
 * offered day from when the tests start (open every day but public holidays), with the default
 * hours and Queensland's public holidays (the default business file; its own closures, the Ekka
 * and a Sunday Anzac Day, are not known here). Server only: this file is types to the web.
 */
function exampleSlot(): string {
  const closureOn = businessCalendar({ state: 'QLD' }).closureOn;
  const days = callbackDays('technical', new Date(), {
    settings: { ...DEFAULT_CALLBACK_SETTINGS, closureOn },
  });
  return (days[1]?.slots[0] ?? new Date()).toISOString();
}

const requestExample = {
  team: 'technical',
  slot: exampleSlot(),
  phone: '0491570006',
  reason: 'The modem light is orange.',
} as const;

const callbackRef = [{ in: 'params', name: 'callbackid', kind: 'callback' }] as const;

export const callbacksRoutes = {
  callbackTimes: defineRoute({
    id: 'callbackTimes',
    method: 'GET',
    path: apiPaths.callbackTimes,
    summary:
      "Support callback times: each team's slots (30 minutes) over its next open days (5), AEST and the caller's zone, less public holidays, the provider's closures and full slots; the numbers and hours are the business file's",
    access: 'user',
    permissions: [],
    objects: [],
    querystring: callbackTimesQuery,
    response: callbackTimesOutput,
    example: { querystring: { team: 'technical', tz: timeZoneOfState('WA') } },
  }),
  callbacks: defineRoute({
    id: 'callbacks',
    method: 'GET',
    path: apiPaths.callbacks,
    summary:
      "The caller's upcoming callbacks, soonest first, then those ended in the last 30 days with their outcome, latest first",
    access: 'user',
    permissions: [],
    objects: [],
    response: callbacksOutput,
  }),
  requestCallbackPrepare: defineRoute({
    id: 'requestCallbackPrepare',
    method: 'POST',
    path: apiPaths.requestCallbackPrepare,
    summary: 'Request a callback: check the slot is offered and not full, return a csrf',
    access: 'user',
    permissions: [],
    objects: [],
    body: requestCallbackPrepareInput,
    response: requestCallbackPrepareOutput,
    example: { body: requestExample },
  }),
  requestCallbackCommit: defineRoute({
    id: 'requestCallbackCommit',
    method: 'POST',
    path: apiPaths.requestCallbackCommit,
    summary:
      'Book the prepared callback exactly once, holding a seat of the slot, and open its ticket',
    access: 'user',
    permissions: [],
    objects: [],
    body: requestCallbackCommitInput,
    response: requestCallbackCommitOutput,
    csrfFrom: 'requestCallbackPrepare',
    example: { body: requestExample },
  }),
  cancelCallback: defineRoute({
    id: 'cancelCallback',
    method: 'DELETE',
    path: apiPaths.callback,
    summary: "Cancel one of the caller's callbacks before its time; frees its seat",
    access: 'user',
    permissions: [],
    objects: callbackRef,
    params: callbackParams,
    response: cancelCallbackOutput,
  }),
} as const;
