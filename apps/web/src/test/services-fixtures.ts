import type {
  AvailableBlock,
  AvailablePlan,
  BlockPurchase,
  PlanOption,
  Service,
} from '@outpost/contracts/services';

/** Services, plans and blocks shaped like the server's answers (the demo seed's figures). */

const DAY_MS = 86_400_000;

export function service(overrides: Partial<Service> = {}): Service {
  const now = Date.now();
  return {
    serviceid: 200101,
    type: 'Broadband',
    status: 'active',
    technology: 'Sky Muster Plus',
    plan: 'Sky Muster Plus 50',
    planid: 22,
    next_plan: null,
    price: 6999,
    upload_speed: 5120,
    download_speed: 25600,
    is_limitless: false,
    is_custom: false,
    peak_quota: 50_000,
    offpeak_quota: null,
    identifier: 'SMP0200101',
    nickname: null,
    has_nickname: false,
    addr_abbr: '',
    addr_line: '12 Dingo Creek Rd',
    addr_suburb: 'Longreach',
    addr_state: 'QLD',
    addr_postcode: '4730',
    has_landline_barring: false,
    has_landline_options: false,
    has_voip_options: false,
    can_ordernew: false,
    can_transfer: false,
    display: true,
    description: '',
    options: [],
    period_start: new Date(now - 15 * DAY_MS).toISOString(),
    period_end: new Date(now + 15 * DAY_MS).toISOString(),
    upcoming: null,
    cancels_on: null,
    ...overrides,
  };
}

export function plan(overrides: Partial<AvailablePlan> = {}): AvailablePlan {
  return {
    planid: 22,
    plan: 'Sky Muster Plus 50',
    technology: 'Sky Muster Plus',
    is_current: false,
    is_next: false,
    flag: null,
    unlimited: false,
    is_custom: false,
    peak_quota: 50_000,
    offpeak_quota: null,
    upload_speed: 5120,
    download_speed: 25600,
    price: 6999,
    price_change: null,
    selectable: true,
    available_now: true,
    available_next: true,
    available_current_only: false,
    kfs: 'plans/22/documents/kfs',
    cis: 'plans/22/documents/cis',
    ...overrides,
  };
}

/** The Sky Muster Plus plans of the seed, with 22 current and 23 scheduled. */
export const skyMusterPlans: AvailablePlan[] = [
  plan({
    planid: 21,
    plan: 'Sky Muster Plus Essentials',
    price: 4999,
    peak_quota: 25_000,
    kfs: 'plans/21/documents/kfs',
    cis: 'plans/21/documents/cis',
  }),
  plan({ planid: 22, is_current: true }),
  plan({
    planid: 23,
    plan: 'Sky Muster Plus 100',
    price: 8999,
    peak_quota: 100_000,
    flag: 'Best value',
    kfs: 'plans/23/documents/kfs',
    cis: 'plans/23/documents/cis',
  }),
  plan({
    planid: 24,
    plan: 'Sky Muster Plus 150',
    price: 10999,
    peak_quota: 150_000,
    flag: 'New',
    available_now: false,
    kfs: 'plans/24/documents/kfs',
    cis: 'plans/24/documents/cis',
  }),
];

export const staticIpOption: PlanOption = {
  feature_id: 7,
  name: 'Static IP address',
  description: 'The same public IP address every time you connect.',
  price: 1000,
};

export const blocks: AvailableBlock[] = [
  { dbid: 1, block: 'Data Block 5 GB', peak_mb: 5000, offpeak_mb: 0, price: 1500 },
  { dbid: 2, block: 'Data Block 10 GB', peak_mb: 10_000, offpeak_mb: 0, price: 2500 },
  { dbid: 3, block: 'Data Block 25 GB', peak_mb: 25_000, offpeak_mb: 0, price: 5000 },
];

export function purchase(overrides: Partial<BlockPurchase> = {}): BlockPurchase {
  return {
    purchaseid: 9001,
    purchased: '2026-03-05T02:00:00.000Z',
    block: 'Data Block 5 GB',
    peak_mb: 5000,
    offpeak_mb: 0,
    price: 1500,
    status: 'applying',
    expires: '2026-03-20T14:00:00.000Z',
    ...overrides,
  };
}

export type FetchCall = { path: string; method: string; body: unknown };

type Route = (call: FetchCall) => Response | Promise<Response>;

/**
 * Stubs fetch with answers by 'METHOD path' (the api client is real). Unknown requests fail
 * the test loudly with a 404. Returns the calls made.
 */
export function stubApi(routes: Record<string, Route>) {
  const calls: FetchCall[] = [];
  const fetchMock = async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { path, method, body };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    if (!route)
      return new Response(JSON.stringify({ data: { error: `No stub for ${method} ${path}` } }), {
        status: 404,
      });
    return route(call);
  };
  return { calls, fetchMock };
}
