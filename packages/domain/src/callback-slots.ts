/**
 * Callback times (docs/decisions/017, "Callbacks"): 30-minute slots within each team's hours of
 * the Contact page (spec 3 section 2.7), over the next 5 days the team is open, in the business
 * time zone (docs/decisions/041; the demo's Brisbane is AEST all year), less public holidays,
 * slots too soon to ring and slots already full. Pure: the server offers and re-checks slots with
 * it, the web labels them in the caller's own time zone.
 */
import { formatClock } from './format';
import {
  addCalendarDays,
  businessDate,
  wallTime,
  weekdayOf as weekdayOfDate,
  zonedInstant,
} from './time/zoned';
import { zoneAbbreviation } from './time/zone';

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

/** Opening hours of one day, in minutes after midnight AEST: slots start from `open` until `close` - 30. */
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

export type PublicHoliday = {
  /** YYYY-MM-DD, Brisbane. */
  date: string;
  name: string;
  /** A part-day holiday from this minute after midnight (Christmas Eve from 6pm). */
  fromMinute?: number;
};

/**
 * Queensland's public holidays (Holidays Act 1983 (Qld) schedule 1) as the teams in Brisbane
 * keep them, including the Royal Queensland Show (Ekka) day of the Brisbane area and Christmas
 * Eve's evening. Extend the table each year (a test fails when it no longer covers next year).
 */
export const QLD_PUBLIC_HOLIDAYS: readonly PublicHoliday[] = [
  { date: '2026-01-01', name: "New Year's Day" },
  { date: '2026-01-26', name: 'Australia Day' },
  { date: '2026-04-03', name: 'Good Friday' },
  { date: '2026-04-04', name: 'The day after Good Friday' },
  { date: '2026-04-05', name: 'Easter Sunday' },
  { date: '2026-04-06', name: 'Easter Monday' },
  { date: '2026-04-25', name: 'Anzac Day' },
  { date: '2026-05-04', name: 'Labour Day' },
  { date: '2026-08-12', name: 'Royal Queensland Show (Brisbane)' },
  { date: '2026-10-05', name: "King's Birthday" },
  { date: '2026-12-24', name: 'Christmas Eve (from 6pm)', fromMinute: 18 * 60 },
  { date: '2026-12-25', name: 'Christmas Day' },
  { date: '2026-12-26', name: 'Boxing Day' },
  { date: '2026-12-28', name: 'Boxing Day (additional day)' },
  { date: '2027-01-01', name: "New Year's Day" },
  { date: '2027-01-26', name: 'Australia Day' },
  { date: '2027-03-26', name: 'Good Friday' },
  { date: '2027-03-27', name: 'The day after Good Friday' },
  { date: '2027-03-28', name: 'Easter Sunday' },
  { date: '2027-03-29', name: 'Easter Monday' },
  { date: '2027-04-25', name: 'Anzac Day' },
  { date: '2027-04-26', name: 'Anzac Day (additional day)' },
  { date: '2027-05-03', name: 'Labour Day' },
  { date: '2027-08-11', name: 'Royal Queensland Show (Brisbane)' },
  { date: '2027-10-04', name: "King's Birthday" },
  { date: '2027-12-24', name: 'Christmas Eve (from 6pm)', fromMinute: 18 * 60 },
  { date: '2027-12-25', name: 'Christmas Day' },
  { date: '2027-12-26', name: 'Boxing Day' },
  { date: '2027-12-27', name: 'Christmas Day (additional day)' },
  { date: '2027-12-28', name: 'Boxing Day (additional day)' },
  { date: '2028-01-01', name: "New Year's Day" },
  { date: '2028-01-03', name: "New Year's Day (additional day)" },
  { date: '2028-01-26', name: 'Australia Day' },
];

const holidayByDate = new Map(QLD_PUBLIC_HOLIDAYS.map((d) => [d.date, d]));

/** 0 Sunday ... 6 Saturday, of a date in the business zone. */
export const weekdayOf = weekdayOfDate;

function nextDate(date: string): string {
  return addCalendarDays(date, 1);
}

/** A team's hours on a Brisbane date: null when closed (its day off or a public holiday). */
export function teamHoursOn(team: CallbackTeam, date: string): OpenHours | null {
  const hours = TEAM_HOURS[team][weekdayOf(date)] ?? null;
  if (!hours) return null;
  const holiday = holidayByDate.get(date);
  if (!holiday) return hours;
  if (holiday.fromMinute === undefined) return null;
  const close = Math.min(hours.close, holiday.fromMinute);
  return close - hours.open >= SLOT_MINUTES ? { open: hours.open, close } : null;
}

export type CallbackDay = {
  /** Brisbane date, YYYY-MM-DD. */
  date: string;
  /** Slot starts that may still be booked (none when every time that day is taken). */
  slots: Date[];
};

export type SlotOptions = {
  days?: number;
  leadMinutes?: number;
  capacity?: number;
  /** Bookings already held in a slot (by its start). */
  booked?: (start: Date) => number;
};

/**
 * The team's next `days` open days, from today (Brisbane): a day counts when the team is open and,
 * today, when a slot still starts after the lead time. A day whose slots are all taken still
 * counts (the form says so) rather than pushing the window further out.
 */
export function callbackDays(
  team: CallbackTeam,
  now: Date,
  options: SlotOptions = {},
): CallbackDay[] {
  const days = options.days ?? CALLBACK_DAYS;
  const earliest = now.getTime() + (options.leadMinutes ?? CALLBACK_LEAD_MINUTES) * MINUTE_MS;
  const capacity = options.capacity ?? DEFAULT_SLOT_CAPACITY;
  const result: CallbackDay[] = [];
  let date = businessDate(now);
  // At most a few weeks ahead: a team closed that long is a configuration mistake, not a loop.
  for (let tries = 0; tries < 60 && result.length < days; tries += 1, date = nextDate(date)) {
    const hours = teamHoursOn(team, date);
    if (!hours) continue;
    const starts: Date[] = [];
    for (let minute = hours.open; minute + SLOT_MINUTES <= hours.close; minute += SLOT_MINUTES) {
      const start = zonedInstant(date, minute);
      if (start.getTime() >= earliest) starts.push(start);
    }
    if (starts.length === 0) continue;
    const open = starts.filter((s) => (options.booked?.(s) ?? 0) < capacity);
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
  options: Pick<SlotOptions, 'days' | 'leadMinutes'> = {},
): boolean {
  const days = callbackDays(team, now, { ...options, capacity: Number.POSITIVE_INFINITY });
  return days.some((d) => d.slots.some((s) => s.getTime() === start.getTime()));
}

// ---- Labels ----

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** 'Tue 01/12/26' of a Brisbane date (the one date style, docs/decisions/040). */
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
export function bookingSummary(team: CallbackTeam, start: Date): string {
  return `${CALLBACK_TEAM_NAMES[team]}, ${dayLabel(businessDate(start))} ${aestTimeLabel(start)} ${zoneAbbreviation(start)}`;
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
