/**
 * Callback times (docs/decisions/017, "Callbacks"): 30-minute slots within each team's hours of
 * the Contact page (spec 3 section 2.7), over the next 5 days the team is open, in the business
 * time zone (docs/decisions/041; the demo's Brisbane is AEST all year), less the closed days (public
 * holidays and the provider's own), slots too soon to ring and slots already full. The hours,
 * numbers and closed days are settings (the business file, docs/decisions/042); the defaults are
 * Queensland's. Pure: the server offers and re-checks slots with it, the web labels them in the
 * caller's own time zone.
 */
import type { ClosureDay } from './business-calendar';
import { formatClock } from './format';
import {
  addCalendarDays,
  businessDate,
  wallTime,
  weekdayOf as weekdayOfDate,
  zonedInstant,
} from './time/zoned';
import { zoneAbbreviation } from './time/names';

export type CallbackTeam = 'technical' | 'sales';
export const CALLBACK_TEAMS = ['technical', 'sales'] as const satisfies readonly CallbackTeam[];

export const CALLBACK_TEAM_NAMES: Readonly<Record<CallbackTeam, string>> = {
  technical: 'Technical Support',
  sales: 'Sales & Accounts',
};

export const SLOT_MINUTES = 30;
/** How many open days of one team are offered. */
export const CALLBACK_DAYS = 5;
/** A slot must start at least this long after now (time to route the call to someone). */
export const CALLBACK_LEAD_MINUTES = 30;
/** Bookings one slot of one team takes, unless configured otherwise (CALLBACK_SLOT_CAPACITY). */
export const DEFAULT_SLOT_CAPACITY = 2;

const MINUTE_MS = 60_000;

/** Opening hours of one day, in minutes after midnight in the business zone: slots start from `open` until `close` - 30. */
export type OpenHours = { open: number; close: number };

const h = (open: number, close: number): OpenHours => ({ open: open * 60, close: close * 60 });

/**
 * Each team's weekly hours, Sunday first (spec 3 section 2.7). Sales & Accounts on Saturdays is
 * sales only: the slots are offered and the form says so.
 */
export const TEAM_HOURS: Readonly<Record<CallbackTeam, readonly (OpenHours | null)[]>> = {
  technical: [h(8, 18), h(8, 20), h(8, 20), h(8, 20), h(8, 20), h(8, 20), h(8, 18)],
  sales: [null, h(8, 18), h(8, 18), h(8, 18), h(8, 18), h(8, 18), h(9, 17)],
};

/** The words of the Contact page's table, for the form. */
export const TEAM_HOURS_TEXT: Readonly<Record<CallbackTeam, string>> = {
  technical: 'Monday to Friday 8am-8pm; weekends 8am-6pm; public holidays closed',
  sales: 'Monday to Friday 8am-6pm; Saturdays (sales only) 9am-5pm; public holidays closed',
};

/** One team's settings (the business file's `teams`, docs/decisions/042). */
export type TeamSettings = {
  /** 'Technical Support'. */
  name: string;
  /** The Contact page's words for the hours. */
  hoursText: string;
  /** Opening hours of each weekday, Sunday first; null: closed that day. */
  week: readonly (OpenHours | null)[];
};

/**
 * Everything the slots depend on: each team's hours, the slot length, how many open days are
 * offered, the lead time, the bookings a slot takes, and the closed days (public holidays and the
 * provider's own: `businessCalendar(...).closureOn` on the server).
 */
export type CallbackSettings = {
  teams: Readonly<Record<CallbackTeam, TeamSettings>>;
  slotMinutes: number;
  /** How many open days of one team are offered. */
  days: number;
  /** A slot must start at least this long after now. */
  leadMinutes: number;
  /** Bookings one slot of one team takes. */
  capacity: number;
  /** The closure of a business date (YYYY-MM-DD), if any. */
  closureOn: (date: string) => ClosureDay | undefined;
};

/**
 * Today's Queensland hours and numbers, with no closed days: the calendar needs date-holidays,
 * which only the server loads, so the server always passes its own (the business file's).
 */
export const DEFAULT_CALLBACK_SETTINGS: CallbackSettings = {
  teams: {
    technical: {
      name: CALLBACK_TEAM_NAMES.technical,
      hoursText: TEAM_HOURS_TEXT.technical,
      week: TEAM_HOURS.technical,
    },
    sales: {
      name: CALLBACK_TEAM_NAMES.sales,
      hoursText: TEAM_HOURS_TEXT.sales,
      week: TEAM_HOURS.sales,
    },
  },
  slotMinutes: SLOT_MINUTES,
  days: CALLBACK_DAYS,
  leadMinutes: CALLBACK_LEAD_MINUTES,
  capacity: DEFAULT_SLOT_CAPACITY,
  closureOn: () => undefined,
};

/** 0 Sunday ... 6 Saturday, of a date in the business zone. */
export const weekdayOf = weekdayOfDate;

function nextDate(date: string): string {
  return addCalendarDays(date, 1);
}

/**
 * A team's hours on a business date: null when closed (its day off, a public holiday or the
 * provider's closure); a part-day closure brings the close forward.
 */
export function teamHoursOn(
  team: CallbackTeam,
  date: string,
  settings: CallbackSettings = DEFAULT_CALLBACK_SETTINGS,
): OpenHours | null {
  const hours = settings.teams[team].week[weekdayOf(date)] ?? null;
  if (!hours) return null;
  const closure = settings.closureOn(date);
  if (!closure) return hours;
  if (closure.fromMinute === undefined) return null;
  const close = Math.min(hours.close, closure.fromMinute);
  return close - hours.open >= settings.slotMinutes ? { open: hours.open, close } : null;
}

export type CallbackDay = {
  /** Business-zone date, YYYY-MM-DD. */
  date: string;
  /** Slot starts that may still be booked (none when every time that day is taken). */
  slots: Date[];
};

export type SlotOptions = {
  /** Hours, slot length, days, lead time, capacity and closures; default: today's, no closures. */
  settings?: CallbackSettings;
  /** Bookings already held in a slot (by its start). */
  booked?: (start: Date) => number;
  /** A slot's capacity when it is not the settings' (the team's or the slot's own, decision 059). */
  capacityOf?: (start: Date) => number;
};

/**
 * The team's next `days` open days, from today (in the business zone): a day counts when the team is open and,
 * today, when a slot still starts after the lead time. A day whose slots are all taken still
 * counts (the form says so) rather than pushing the window further out.
 */
export function callbackDays(
  team: CallbackTeam,
  now: Date,
  options: SlotOptions = {},
): CallbackDay[] {
  const settings = options.settings ?? DEFAULT_CALLBACK_SETTINGS;
  const { days, capacity, slotMinutes } = settings;
  const earliest = now.getTime() + settings.leadMinutes * MINUTE_MS;
  const result: CallbackDay[] = [];
  let date = businessDate(now);
  // At most a few weeks ahead: a team closed that long is a configuration mistake, not a loop.
  for (let tries = 0; tries < 60 && result.length < days; tries += 1, date = nextDate(date)) {
    const hours = teamHoursOn(team, date, settings);
    if (!hours) continue;
    const starts: Date[] = [];
    for (let minute = hours.open; minute + slotMinutes <= hours.close; minute += slotMinutes) {
      const start = zonedInstant(date, minute);
      if (start.getTime() >= earliest) starts.push(start);
    }
    if (starts.length === 0) continue;
    const open = starts.filter(
      (s) => (options.booked?.(s) ?? 0) < (options.capacityOf?.(s) ?? capacity),
    );
    result.push({ date, slots: open });
  }
  return result;
}

/**
 * Whether a slot start is one `callbackDays` offers now, before counting bookings: on the
 * half-hour grid, within the team's hours on an open day, in the window, after the lead time.
 */
export function isOfferedSlot(
  team: CallbackTeam,
  start: Date,
  now: Date,
  settings: CallbackSettings = DEFAULT_CALLBACK_SETTINGS,
): boolean {
  const days = callbackDays(team, now, {
    settings: { ...settings, capacity: Number.POSITIVE_INFINITY },
  });
  return days.some((d) => d.slots.some((s) => s.getTime() === start.getTime()));
}

/**
 * Every slot start of a team's day on the desk's schedule (decision 059): its hours that day,
 * past slots too, with no lead time; none when the team is closed.
 */
export function scheduleSlots(
  team: CallbackTeam,
  date: string,
  settings: CallbackSettings = DEFAULT_CALLBACK_SETTINGS,
): Date[] {
  const hours = teamHoursOn(team, date, settings);
  if (!hours) return [];
  const starts: Date[] = [];
  for (
    let minute = hours.open;
    minute + settings.slotMinutes <= hours.close;
    minute += settings.slotMinutes
  )
    starts.push(zonedInstant(date, minute));
  return starts;
}

// ---- Outcomes (decision 059) ----

/** What the desk records once a callback's time has come (or instead of it). */
export const CALLBACK_OUTCOMES = ['called', 'no_answer', 'rebooked', 'cancelled'] as const;
export type CallbackOutcome = (typeof CALLBACK_OUTCOMES)[number];

/** The words the customer's list and the console show for an outcome. */
export const CALLBACK_OUTCOME_LABELS: Readonly<Record<CallbackOutcome, string>> = {
  called: 'Called',
  no_answer: 'No answer',
  rebooked: 'Rebooked',
  cancelled: 'Cancelled',
};

/** How long an ended callback stays on the customer's list. */
export const CALLBACK_ENDED_LIST_DAYS = 30;

/** The most bookings one slot may take (a team's or a slot's capacity; CALLBACK_SLOT_CAPACITY's limit too). */
export const CALLBACK_CAPACITY_MAX = 100;

// ---- Labels ----

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** 'Tue 01/12/26' of a business-zone date (the one date style, docs/decisions/040). */
export function dayLabel(date: string): string {
  const [y, m, d] = date.split('-') as [string, string, string];
  return `${WEEKDAYS[weekdayOf(date)]} ${d}/${m}/${y.slice(2)}`;
}

const clockLabel = formatClock;

/** '10:30 am' on the business zone's clock. */
export function aestTimeLabel(instant: Date): string {
  const t = wallTime(instant);
  return clockLabel(t.hour, t.minute);
}

export type SlotLabel = {
  /** '10:30 am' on the business zone's clock. */
  aest: string;
  /** The business zone's name then: 'AEST' (the spec's word, Brisbane), 'AEDT', 'AWST'. */
  zone: string;
  /** '8:30 am' in the caller's zone; with the day ('11:30 pm Mon') when its date differs. */
  local: string;
  /** The caller's clock reads the same as the business zone's at that time. */
  same: boolean;
};

export function slotLabel(start: Date, timeZone: string): SlotLabel {
  const business = wallTime(start);
  const local = wallTime(start, timeZone);
  const same = local.offsetMinutes === business.offsetMinutes;
  const day = local.date === business.date ? '' : ` ${WEEKDAYS[weekdayOf(local.date)]}`;
  return {
    aest: clockLabel(business.hour, business.minute),
    zone: zoneAbbreviation(start),
    local: `${clockLabel(local.hour, local.minute)}${day}`,
    same,
  };
}

/** How the form shows a slot: '10:30 am AEST', or '8:30 am your time · 10:30 am AEST'. */
export function slotText(label: SlotLabel): string {
  const business = `${label.aest} ${label.zone}`;
  return label.same ? business : `${label.local} your time · ${business}`;
}

/** 'Technical Support, Tue 01/12/26 10:30 am AEST': a booking's subject and confirmation. */
export function bookingSummary(
  team: CallbackTeam,
  start: Date,
  settings: Pick<CallbackSettings, 'teams'> = DEFAULT_CALLBACK_SETTINGS,
): string {
  return `${settings.teams[team].name}, ${dayLabel(businessDate(start))} ${aestTimeLabel(start)} ${zoneAbbreviation(start)}`;
}

// ---- The booking form's checks (client and server say the same) ----

export const callbackMessages = {
  phoneRequired: 'Enter the number we should call.',
  phoneDigits: 'Enter the number as 8 to 15 digits, like 0491570006.',
  reasonRequired: 'Tell us briefly what the call is about.',
  reasonTooLong: 'Keep the reason to 500 characters or fewer.',
} as const;

export const CALLBACK_REASON_MAX = 500;

export function checkCallbackPhone(value: string): string | null {
  const phone = value.trim();
  if (phone === '') return callbackMessages.phoneRequired;
  return /^[0-9]{8,15}$/.test(phone) ? null : callbackMessages.phoneDigits;
}

export function checkCallbackReason(value: string): string | null {
  const reason = value.trim();
  if (reason === '') return callbackMessages.reasonRequired;
  return reason.length > CALLBACK_REASON_MAX ? callbackMessages.reasonTooLong : null;
}
