import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { PageBusiness } from '@outpost/contracts/brand';
import { AU_STATES } from '@outpost/domain/au-states';
import type { BusinessCalendar } from '@outpost/domain/business-calendar';
import {
  businessCalendar,
  isClosureRule,
  stateHolidayNames,
} from '@outpost/domain/business-calendar';
import type { CallbackSettings, CallbackTeam, OpenHours } from '@outpost/domain/callback-slots';
import { CALLBACK_TEAMS } from '@outpost/domain/callback-slots';
import { DEFAULT_BUSINESS_TIME_ZONE, isKnownTimeZone } from '@outpost/domain/time/zone';

/**
 * The business file (BUSINESS_FILE, docs/decisions/042): the provider's time zone, state (its
 * public holidays), own closures, each team's name and hours, the callback settings and the tax
 * wording, checked at start-up like the brand file (docs/decisions/030): zod, strict, one line
 * per problem naming the field.
 */

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** '08:00-20:00' (minutes after midnight, 24:00 the end of the day) or 'closed'. */
const dayHours = z
  .string()
  .regex(
    /^(closed|([01][0-9]|2[0-3]):[0-5][0-9]-(([01][0-9]|2[0-3]):[0-5][0-9]|24:00))$/,
    "must be 'closed' or opening hours like '08:00-20:00'",
  )
  .transform((v): OpenHours | null => {
    if (v === 'closed') return null;
    const [open = 0, close = 0] = v
      .split('-')
      .map((t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5)));
    return { open, close };
  })
  .refine((h) => h === null || h.close > h.open, 'must close after it opens');

const teamSchema = z.strictObject({
  name: z.string().trim().min(1).max(60),
  /** The Contact page's words for the hours, shown as written. */
  hoursText: z.string().trim().min(1).max(200),
  hours: z.strictObject(
    Object.fromEntries(WEEKDAYS.map((d) => [d, dayHours])) as Record<
      (typeof WEEKDAYS)[number],
      typeof dayHours
    >,
  ),
});

const businessFileSchema = z
  .strictObject({
    timeZone: z
      .string()
      .refine(
        (zone) => /\//.test(zone) && isKnownTimeZone(zone),
        'must be an IANA time zone such as Australia/Brisbane',
      )
      .default(DEFAULT_BUSINESS_TIME_ZONE),
    state: z.enum(AU_STATES, `must be one of ${AU_STATES.join(', ')}`),
    /** The provider's own closed days, as date-holidays rules. */
    closures: z
      .array(
        z.strictObject({
          name: z.string().trim().min(1).max(80),
          rule: z
            .string()
            .trim()
            .refine(
              isClosureRule,
              "must be a date-holidays rule such as '2026-12-29', '12-31', '12-24 12:00' or '2026-12-29 P3D'",
            ),
        }),
      )
      .default([]),
    /** The state's public holidays the teams work all the same, by name ('Melbourne Cup'). */
    openOn: z.array(z.string().trim().min(1)).default([]),
    /** Under the Contact page's hours: the zone they are in. */
    hoursNote: z.string().trim().min(1).max(200).optional(),
    teams: z.strictObject({ technical: teamSchema, sales: teamSchema }),
    callbacks: z
      .strictObject({
        slotMinutes: z.number().int().min(5).max(240).default(30),
        days: z.number().int().min(1).max(14).default(5),
        leadMinutes: z.number().int().min(0).max(1440).default(30),
        capacity: z.number().int().min(1).max(100).default(2),
      })
      .prefault({}),
    tax: z
      .strictObject({
        name: z.string().trim().min(1).max(20).default('GST'),
        ratePercent: z
          .number('must be a number (10 for 10 %)')
          .min(0, 'must be a percentage from 0 to 50')
          .max(50, 'must be a percentage from 0 to 50')
          .default(10),
        invoiceNote: z.string().trim().min(1).max(200).default('All prices include GST.'),
      })
      .prefault({}),
  })
  .superRefine((file, ctx) => {
    for (const team of CALLBACK_TEAMS) {
      const hours = file.teams[team].hours;
      if (WEEKDAYS.every((d) => hours[d] === null))
        ctx.addIssue({
          code: 'custom',
          path: ['teams', team, 'hours'],
          message: 'must be open on at least one day',
        });
      for (const d of WEEKDAYS) {
        const h = hours[d];
        if (h && h.close > h.open && h.close - h.open < file.callbacks.slotMinutes)
          ctx.addIssue({
            code: 'custom',
            path: ['teams', team, 'hours', d],
            message: `must be open at least one callback slot (${file.callbacks.slotMinutes} minutes)`,
          });
      }
    }
    if (file.openOn.length > 0) {
      const year = new Date().getUTCFullYear();
      const names = stateHolidayNames(file.state, [year, year + 1, year + 2]);
      file.openOn.forEach((name, i) => {
        if (!names.has(name))
          ctx.addIssue({
            code: 'custom',
            path: ['openOn', i],
            message: `'${name}' is not a public holiday of ${file.state} (${[...names].join(', ')})`,
          });
      });
    }
  });

export type BusinessFile = z.input<typeof businessFileSchema>;

export type Tax = {
  /** 'GST'. */
  name: string;
  /** 10 for 10 %: prices include it. */
  ratePercent: number;
  /** The invoice's closing words: 'All prices include GST.'. */
  invoiceNote: string;
};

/** The business settings as loaded. */
export type Business = {
  timeZone: string;
  state: (typeof AU_STATES)[number];
  calendar: BusinessCalendar;
  /** Hours, slot length, days, lead time, capacity and the calendar's closed days. */
  callbacks: CallbackSettings;
  tax: Tax;
  /** What the page gets (window.__OUTPOST_BRAND__.business): the Contact page's hours. */
  page: PageBusiness;
};

export class BusinessError extends Error {}

/** The Contact page's table order (spec 3 section 2.7): Sales & Accounts first. */
const CONTACT_ORDER: readonly CallbackTeam[] = ['sales', 'technical'];

/**
 * Reads BUSINESS_FILE and checks it. `capacity` (CALLBACK_SLOT_CAPACITY) overrides the file's
 * callbacks.capacity when set.
 */
export function loadBusiness(file: string, overrides: { capacity?: number } = {}): Business {
  const where = `BUSINESS_FILE (${file})`;
  const fail = (lines: string[]) =>
    new BusinessError(`Invalid configuration:\n${lines.map((l) => `  ${where}: ${l}`).join('\n')}`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw fail([
      (error as NodeJS.ErrnoException).code === undefined
        ? 'is not valid JSON'
        : 'is not a readable file',
    ]);
  }
  const parsed = businessFileSchema.safeParse(raw);
  if (!parsed.success)
    throw fail(
      parsed.error.issues.map((i) => {
        const field = i.path.join('.');
        return `${field ? `${field}: ` : ''}${i.message}`;
      }),
    );
  const b = parsed.data;
  const calendar = businessCalendar({ state: b.state, closures: b.closures, openOn: b.openOn });
  const team = (t: CallbackTeam) => ({
    name: b.teams[t].name,
    hoursText: b.teams[t].hoursText,
    week: WEEKDAYS.map((d) => b.teams[t].hours[d]),
  });
  return {
    timeZone: b.timeZone,
    state: b.state,
    calendar,
    callbacks: {
      teams: { technical: team('technical'), sales: team('sales') },
      slotMinutes: b.callbacks.slotMinutes,
      days: b.callbacks.days,
      leadMinutes: b.callbacks.leadMinutes,
      capacity: overrides.capacity ?? b.callbacks.capacity,
      closureOn: calendar.closureOn,
    },
    tax: b.tax,
    page: {
      timeZone: b.timeZone,
      hoursNote: b.hoursNote,
      hours: CONTACT_ORDER.map((t) => ({ team: b.teams[t].name, hours: b.teams[t].hoursText })),
    },
  };
}
