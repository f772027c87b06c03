import { z } from 'zod';
import { envelope, idParam } from './http';
import { serviceStatus, technology } from './services';
import { serviceActivitySummarySchema } from './usage';

/**
 * The dashboard (spec 1 sections 2, 3, 6, 7), alerts and content (news, legal pages).
 * Money is integer cents; dates as the spec's parts (day_in_month, mm, year).
 */

export const dashboardLinkKeys = [
  'view-current-bill',
  'view-account',
  'change-plan',
  'purchase-block',
  'view-detailed-usage',
  'view-billing-activity',
] as const;
export type DashboardLink = (typeof dashboardLinkKeys)[number];

const dateParts = z.object({
  day_in_month: z.number().int(),
  mm: z.number().int(),
  year: z.number().int(),
});

export const dashboardNoticeSchema = z.object({
  kind: z.enum(['advisory', 'ticket']),
  /** The advisory's or the ticket's id. */
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  /** Where the notice leads (the advisory on Network Status, the ticket's page). */
  href: z.string(),
});
export type DashboardNotice = z.infer<typeof dashboardNoticeSchema>;

export const dashboardSchema = z.object({
  permissions: z.object({
    links: z.record(z.enum(dashboardLinkKeys), z.boolean()),
    blocks: z.object({ account: z.boolean(), activity: z.boolean(), services: z.boolean() }),
  }),
  period: z.object({
    current_end: dateParts,
    next_start: z.object({
      month: z.number().int(),
      day_in_month: z.number().int(),
      year: z.number().int(),
    }),
    days_remain: z.number().int(),
  }),
  account: z
    .object({
      accountid: z.number().int(),
      balance: z.object({
        amount: z.number().int(),
        status: z.enum(['Owing', 'Paid', 'In Credit']),
      }),
      /** While owing: when the oldest unpaid invoice is due (Brisbane date); null otherwise. */
      due: dateParts.nullable(),
      paymethod: z.object({ display: z.string() }),
    })
    .nullable(),
  activity: z.array(
    z.object({
      transactionid: z.number().int(),
      when: z.object({ day_in_month: z.number().int(), mon: z.string(), year: z.number().int() }),
      type: z.string(),
      status: z.string(),
      amount: z.object({ value: z.number().int() }),
      balance: z.object({ value: z.number().int() }),
    }),
  ),
  services: z.array(
    z.object({
      serviceid: z.number().int(),
      service_name: z.string(),
      alt_service_name: z.string(),
      /**
       * The parts of the friendly name (issue 41, domain/service-names): the name the customer
       * gave it, the AVC id or phone number, the address's abbreviation and the plan's name.
       */
      nickname: z.string().nullable(),
      identifier: z.string(),
      addr_abbr: z.string(),
      plan_name: z.string(),
      price: z.number().int(),
      is_custom: z.boolean(),
      technology,
      type: z.enum(['Broadband', 'Telephony']),
      status: serviceStatus,
      is_limitless: z.boolean(),
      /** The Usage card's figures for active broadband services the caller may see usage of. */
      usage: serviceActivitySummarySchema.nullable(),
    }),
  ),
  /**
   * What needs the customer's eye, above the cards (docs/decisions/017): an advisory that affects
   * one of their services ('Affects your service at 12 Wattle Rd'), a ticket waiting on them.
   * Advisory notices need the services block, ticket notices view-tickets.
   */
  notices: z.array(dashboardNoticeSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardOutput = envelope(dashboardSchema);

export const alertSchema = z.object({
  alert_id: z.number().int(),
  /** Only selects an icon. */
  type: z.enum(['miscellaneous', 'account']),
  /** HTML (sanitise before showing); an invoice reference reads '#number'. */
  message: z.string(),
  sent: z.iso.datetime(),
  /** The invoice the message names, for its download link. */
  invoice: z.object({ invoiceid: z.number().int(), number: z.string() }).nullable(),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertsOutput = envelope(z.array(alertSchema));
export const alertParams = z.strictObject({ alert_id: idParam });
export const markAlertInput = z.strictObject({ read: z.literal(1) });
export const markAlertOutput = envelope(
  z.object({ alert_id: z.number().int(), read: z.literal(1) }),
);

export const blogCategorySchema = z.object({ id: z.number().int(), label: z.string() });
export const blogSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  categories: z.array(z.string()),
  date: z.iso.datetime(),
  featured_image: z.string().nullable(),
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;
export const blogsQuery = z.strictObject({
  c: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters')
    .optional(),
});
export const blogsOutput = envelope(
  z.object({ items: z.array(blogSummarySchema), categories: z.array(blogCategorySchema) }),
);
export const blogParams = z.strictObject({
  slug: z.string().regex(/^[a-z0-9-]{1,120}$/, 'must be a post name'),
});
export const blogPostSchema = blogSummarySchema.extend({ body: z.string() });
export type BlogPost = z.infer<typeof blogPostSchema>;
export const blogPostOutput = envelope(blogPostSchema);
export const latestBlogsOutput = envelope(
  z.object({
    items: z.array(z.object({ slug: z.string(), title: z.string(), excerpt: z.string() })),
  }),
);

export const pageParams = z.strictObject({
  slug: z.string().regex(/^[a-z0-9-]{1,100}$/, 'must be a page name'),
});
export const pageOutput = envelope(z.object({ title: z.string(), body: z.string() }));
