import { apiPaths } from '@outpost/contracts/api-paths';
import type { Alert, Dashboard, DashboardLink } from '@outpost/contracts/dashboard';
import { errorResponse, jsonResponse } from './fixtures';

/** Dashboard answers shaped like the server's (the demo seed's holder, account 100001). */

type DashboardService = Dashboard['services'][number];

const DAY_MS = 86_400_000;

export function dashboardService(overrides: Partial<DashboardService> = {}): DashboardService {
  const now = Date.now();
  return {
    serviceid: 200101,
    service_name: 'Sky Muster Plus AVC000123456789',
    alt_service_name: 'Sky Muster Plus 50, 12 Wattle Rd, Longreach QLD',
    nickname: null,
    identifier: 'AVC000123456789',
    addr_abbr: '12 Wattle Rd, Longreach QLD',
    plan_name: 'Sky Muster Plus 50',
    price: 7499,
    is_custom: false,
    technology: 'Sky Muster Plus',
    type: 'Broadband',
    status: 'active',
    is_limitless: false,
    usage: {
      peak_usage: { used_gb: 21.46, quota_gb: 55 },
      offpeak_usage: { used_gb: 0, quota_gb: 0 },
      unmetered_usage: 12.43,
      is_limitless: false,
      periodStart: new Date(now - 12 * DAY_MS).toISOString(),
      periodStop: new Date(now + 18 * DAY_MS - 3_600_000).toISOString(),
    },
    ...overrides,
  };
}

export function dashboardLinks(
  granted: readonly DashboardLink[] = [
    'view-current-bill',
    'view-account',
    'change-plan',
    'purchase-block',
    'view-detailed-usage',
    'view-billing-activity',
  ],
): Dashboard['permissions']['links'] {
  const all: DashboardLink[] = [
    'view-current-bill',
    'view-account',
    'change-plan',
    'purchase-block',
    'view-detailed-usage',
    'view-billing-activity',
  ];
  return Object.fromEntries(
    all.map((k) => [k, granted.includes(k)]),
  ) as Dashboard['permissions']['links'];
}

export function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    permissions: {
      links: dashboardLinks(),
      blocks: { account: true, activity: true, services: true },
    },
    period: {
      current_end: { day_in_month: 9, mm: 12, year: 2026 },
      next_start: { month: 12, day_in_month: 10, year: 2026 },
      days_remain: 18,
    },
    notices: [],
    account: {
      accountid: 100001,
      balance: { amount: 0, status: 'Paid' },
      due: null,
      paymethod: { display: 'Visa ending in 4242' },
    },
    activity: [
      {
        transactionid: 900027,
        when: { day_in_month: 13, mon: 'Nov', year: 2026 },
        type: 'Payment',
        status: 'Successful',
        amount: { value: -13494 },
        balance: { value: 0 },
      },
      {
        transactionid: 900026,
        when: { day_in_month: 10, mon: 'Nov', year: 2026 },
        type: 'Invoice',
        status: 'Paid',
        amount: { value: 13494 },
        balance: { value: 13494 },
      },
      {
        transactionid: 900025,
        when: { day_in_month: 14, mon: 'Oct', year: 2026 },
        type: 'Payment',
        status: 'Successful',
        amount: { value: -13994 },
        balance: { value: 0 },
      },
    ],
    services: [
      dashboardService(),
      dashboardService({
        serviceid: 200103,
        service_name: 'Landline 0755500123',
        alt_service_name: 'Home Phone Essentials, 12 Wattle Rd, Longreach QLD',
        identifier: '0755500123',
        plan_name: 'Home Phone Essentials',
        technology: 'Landline',
        type: 'Telephony',
        usage: null,
      }),
    ],
    ...overrides,
  };
}

export const latestPosts = [
  {
    slug: 'welcome-to-the-portal',
    title: 'Welcome to your new customer portal',
    excerpt: 'See your usage, buy data blocks, change plans and pay bills in one place.',
  },
  {
    slug: 'evening-speeds-explained',
    title: 'Why evenings are slower, and what we do about it',
    excerpt: 'Between 4pm and midnight everyone is online.',
  },
  {
    slug: 'storm-season-checklist',
    title: 'Storm season checklist for satellite customers',
    excerpt: 'Heavy rain can interrupt satellite signals.',
  },
];

export function invoiceAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    alert_id: 1,
    type: 'account',
    message: '<p>Your invoice #100001-013 for $134.94 is ready. It is due on 24/11/26.</p>',
    sent: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    invoice: { invoiceid: 50013, number: '100001-013' },
    ...overrides,
  };
}

const NOT_FOUND = 'Invalid request: not found.';

/**
 * Answers for the calls every logged-in page makes besides its own (the header's alerts), the
 * dashboard's, and the news and content pages' (no posts, no pages), for tests about something
 * else: undefined for any other path.
 */
export function shellResponse(path: string): Response | undefined {
  if (path === apiPaths.dashboard) return jsonResponse({ data: dashboard() });
  if (path === apiPaths.latestBlogs) return jsonResponse({ data: { items: latestPosts } });
  if (path === apiPaths.alerts) return jsonResponse({ data: [] });
  if (path === apiPaths.blogs) return jsonResponse({ data: { items: [], categories: [] } });
  // The billing pages: no history, nothing saved, the sandbox gateway.
  if (path === apiPaths.transactions) return jsonResponse({ data: [] });
  if (path === apiPaths.balance) return jsonResponse({ data: { amount: 0, status: 'Paid' } });
  if (path === apiPaths.gatewayInit)
    return jsonResponse({
      data: { stripePublishableKey: 'pk_test_x', mode: 'sandbox', testNumbers: [] },
    });
  if (path === apiPaths.paymethods)
    return jsonResponse({
      data: {
        current: { method: 'Not Yet Set', status: '' },
        card_details: null,
        bank_details: null,
        accountid: 100001,
      },
    });
  if (path.startsWith(apiPaths.blogs) || path.startsWith(apiPaths.page.replace(':slug/', '')))
    return errorResponse(404, NOT_FOUND);
  return undefined;
}
