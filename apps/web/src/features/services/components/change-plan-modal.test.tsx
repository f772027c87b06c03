import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type {
  AvailablePlan,
  ChangePlanResult,
  PlanOption,
  Service,
} from '@outpost/contracts/services';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { analytics } from '@/lib/analytics';
import { errorResponse, jsonResponse, signIn } from '@/test/fixtures';
import {
  type FetchCall,
  service as makeService,
  skyMusterPlans,
  staticIpOption,
  stubApi,
} from '@/test/services-fixtures';
import { validateChangePlan } from '../utils/change-plan';
import { CancelPlanChangeModal } from './cancel-plan-change-modal';
import { ChangePlanModal, type ChangePlanModalProps } from './change-plan-modal';

const SERVICE_ID = 200101;
const plansPath = buildPath(apiPaths.availablePlans, { serviceid: SERVICE_ID });
const prepare = `POST ${buildPath(apiPaths.changePlanPrepare, { serviceid: SERVICE_ID })}`;
const commit = `POST ${buildPath(apiPaths.changePlanCommit, { serviceid: SERVICE_ID })}`;
const optionsOf = (planid: number) => `GET ${buildPath(apiPaths.planOptions, { planid })}`;

function result(overrides: Partial<ChangePlanResult> = {}): ChangePlanResult {
  return {
    serviceid: SERVICE_ID,
    plan: 'Sky Muster Plus 100',
    next_plan: null,
    when: 'Current Period',
    effective: new Date().toISOString(),
    adjustment: 1000,
    cancelled: false,
    ...overrides,
  };
}

type Answer = (call: FetchCall) => Response | Promise<Response>;
type Answers = {
  plans?: AvailablePlan[];
  prepare?: Answer;
  commit?: Answer;
  options?: PlanOption[];
};

function setup(
  props: Partial<ChangePlanModalProps> & { cancel?: boolean } = {},
  answers: Answers = {},
  serviceOverrides: Partial<Service> = {},
) {
  signIn();
  const api = stubApi({
    [`GET ${plansPath}`]: () => jsonResponse({ data: answers.plans ?? skyMusterPlans }),
    [optionsOf(21)]: () => jsonResponse({ data: [] }),
    [optionsOf(23)]: () => jsonResponse({ data: answers.options ?? [staticIpOption] }),
    [optionsOf(24)]: () => jsonResponse({ data: [] }),
    [prepare]: answers.prepare ?? (() => jsonResponse({ data: { csrf: 'csrf-1' } })),
    [commit]: answers.commit ?? (() => jsonResponse({ data: result() })),
    [`GET ${apiPaths.services}`]: () => jsonResponse({ data: [] }),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const track = vi.spyOn(analytics, 'track');
  const onClose = vi.fn();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const service = makeService(serviceOverrides);
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      {props.cancel ? (
        <CancelPlanChangeModal service={service} onClose={onClose} />
      ) : (
        <ChangePlanModal service={service} onClose={onClose} />
      )}
    </QueryClientProvider>,
  );
  return { user, onClose, calls: api.calls, track, queryClient };
}

const upcoming: NonNullable<Service['upcoming']> = {
  planid: 23,
  plan: 'Sky Muster Plus 100',
  effective: '2026-04-01T14:00:00.000Z',
  peak_quota: 100_000,
  offpeak_quota: null,
  upload_speed: 5120,
  download_speed: 25600,
  unlimited: false,
  price: 8999,
};

const callsTo = (calls: FetchCall[], route: string) =>
  calls.filter((c) => `${c.method} ${c.path}` === route);

async function choosePlan100(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Upgrade to Sky Muster Plus 100' }));
  await screen.findByRole('heading', { name: 'Review Options' });
}

describe('Change Plan', () => {
  it('lists the plans with their labels and offers Upgrade or Downgrade only where a plan can be chosen', async () => {
    setup();
    const dialog = await screen.findByRole('dialog', { name: 'Change Plan' });
    expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument();
    const list = await within(dialog).findByRole('list', { name: 'Plans' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(4);

    expect(cards[1]).toHaveTextContent('Current Plan');
    expect(within(cards[1]!).queryByRole('button', { name: /Upgrade|Downgrade/ })).toBeNull();
    expect(cards[2]).toHaveTextContent('Best value');
    expect(cards[2]).toHaveTextContent('100 GB Peak');
    expect(cards[2]).toHaveTextContent('Standard evening speed (Up to 25/5 Mbps)');
    expect(cards[2]).toHaveTextContent('$89.99 a month');

    const upgrade = screen.getByRole('button', { name: 'Upgrade to Sky Muster Plus 100' });
    expect(upgrade).toHaveClass('button--primary');
    const downgrade = screen.getByRole('button', {
      name: 'Downgrade to Sky Muster Plus Essentials',
    });
    expect(downgrade).not.toHaveClass('button--primary');
    // Available only next period: not an upgrade now, by the spec's rule.
    expect(
      screen.getByRole('button', { name: 'Downgrade to Sky Muster Plus 150' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Key Fact Sheet for Sky Muster Plus 100 (PDF)' }),
    ).toBeInTheDocument();
  });

  it('says when a plan offered only from the next period becomes available', async () => {
    setup({}, {}, { period_end: '2026-04-01T14:00:00.000Z' });
    const list = await screen.findByRole('list', { name: 'Plans' });
    const text = 'Available from 02/04/26, when your next billing period starts.';
    // Sky Muster Plus 150 costs more but reads 'Downgrade': it cannot start now.
    const downgrade = within(list).getByRole('button', {
      name: 'Downgrade to Sky Muster Plus 150',
    });
    expect(downgrade).toHaveAccessibleDescription(text);
    expect(within(list).getAllByText(text)).toHaveLength(1);
    expect(
      screen.getByRole('button', { name: 'Upgrade to Sky Muster Plus 100' }),
    ).not.toHaveAccessibleDescription(text);
  });

  it('shows a plan’s announced price with its day, on that plan only', async () => {
    const plans = skyMusterPlans.map((p) =>
      p.is_current ? { ...p, price_change: { price: 7499, effective: '2027-04-01' } } : p,
    );
    setup({}, { plans });
    const list = await screen.findByRole('list', { name: 'Plans' });
    const text =
      'From 01/04/27: $74.99 a month (from your first billing period starting that day or later).';
    expect(within(list).getAllByText(text)).toHaveLength(1);
    const current = plans.find((p) => p.is_current)!;
    expect(within(list).getByText(text).closest('li')).toHaveTextContent(current.plan);
  });

  it('says on the confirm step which scheduled change the new one replaces', async () => {
    const { user } = setup(
      {},
      {},
      {
        next_plan: 'Sky Muster Plus 150',
        upcoming: { ...upcoming, planid: 24, plan: 'Sky Muster Plus 150' },
      },
    );
    await choosePlan100(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Confirm' });
    expect(
      screen.getByText(
        'You already have a change to Sky Muster Plus 150 scheduled for 02/04/26. This change replaces it.',
      ),
    ).toBeInTheDocument();
  });

  it('goes from plan to extras to review, and confirms with prepare then commit', async () => {
    const { user, calls, track } = setup();
    await choosePlan100(user);

    const extra = screen.getByRole('checkbox', { name: 'Static IP address, $10.00 a month' });
    expect(extra).toHaveAccessibleDescription(staticIpOption.description);
    await user.click(extra);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Confirm' })).toHaveFocus();
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    const review = screen.getByRole('dialog');
    expect(review).toHaveTextContent('New planSky Muster Plus 100');
    expect(review).toHaveTextContent('ExtrasStatic IP address');
    expect(review).toHaveTextContent('Monthly price$99.99');
    expect(review).toHaveTextContent('Minimum cost over 12 months: $1,199.88');
    expect(review).toHaveTextContent('Minimum cost for a 30 day plan: $99.99');
    expect(review).toHaveTextContent('Early termination fee for a 30 day plan: $0.00');
    // Nothing scheduled: nothing replaced.
    expect(review).not.toHaveTextContent('This change replaces it.');
    expect(screen.getByRole('radio', { name: 'Current Period' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Next Period' })).not.toBeChecked();
    // $69.99 -> $99.99 with half the period to run: about $15.00 more.
    expect(review).toHaveTextContent(
      'We estimate a pro-rata charge of $15.00 for the rest of this billing period. It will be charged on your next invoice.',
    );

    await user.click(screen.getByRole('radio', { name: 'Next Period' }));
    expect(review).not.toHaveTextContent('pro-rata');
    await user.click(screen.getByRole('radio', { name: 'Current Period' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Your plan is now Sky Muster Plus 100.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByRole('dialog')).toHaveAttribute('data-status', '2');
    expect(callsTo(calls, prepare).map((c) => c.body)).toEqual([
      { planid: 23, when: 'Current Period', options: [7] },
    ]);
    expect(callsTo(calls, commit).map((c) => c.body)).toEqual([
      { planid: 23, when: 'Current Period', options: [7], csrf: 'csrf-1' },
    ]);
    expect(
      screen.getByText('A pro-rata charge of $10.00 will be added to your next invoice.'),
    ).toBeInTheDocument();
    expect(track).toHaveBeenCalledWith('Change Plan', { technology: 'Sky Muster Plus' });
  });

  it('says plainly when a plan has no extras', async () => {
    const { user } = setup();
    await user.click(
      await screen.findByRole('button', { name: 'Downgrade to Sky Muster Plus Essentials' }),
    );
    expect(
      await screen.findByText('This plan has no extras. Select Next to review your change.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('defaults to Next Period for a plan offered only from the next period, with its start date', async () => {
    const { user, calls } = setup(
      {},
      {
        commit: () =>
          jsonResponse({
            data: result({
              plan: 'Sky Muster Plus 50',
              next_plan: 'Sky Muster Plus 150',
              when: 'Next Period',
              effective: '2026-04-01T14:00:00.000Z',
              adjustment: 0,
            }),
          }),
      },
    );
    await user.click(
      await screen.findByRole('button', { name: 'Downgrade to Sky Muster Plus 150' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Confirm' });

    expect(screen.queryByRole('radio', { name: 'Current Period' })).toBeNull();
    const next = screen.getByRole('radio', { name: 'Next Period' });
    expect(next).toBeChecked();
    expect(next).toHaveAccessibleDescription(
      /^The new plan starts with your next billing period, on \d\d\/\d\d\/\d\d\.$/,
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Your plan will change to Sky Muster Plus 150 on 02/04/26.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { name: 'Plan change scheduled' })).toHaveFocus();
    expect(callsTo(calls, prepare)[0]?.body).toEqual({
      planid: 24,
      when: 'Next Period',
      options: [],
    });
  });

  it('returns to the review with the cleaned server error when the change fails', async () => {
    const { user, track } = setup(
      {},
      { commit: () => errorResponse(400, 'Invalid request: the plan is no longer offered.') },
    );
    await choosePlan100(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: the plan is no longer offered.',
    );
    expect(screen.getByRole('heading', { name: 'Confirm' })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveAttribute('data-status', '0');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(track).not.toHaveBeenCalledWith('Change Plan', expect.anything());
  });

  it('cannot be closed while the change is being made, and sends one change for a double click', async () => {
    let answer: (response: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const { user, onClose, calls } = setup({}, { commit: () => pending });
    await choosePlan100(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.dblClick(await screen.findByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Changing your plan…')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveAttribute('aria-busy', 'true');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).not.toHaveBeenCalled();

    answer(jsonResponse({ data: result() }));
    expect(await screen.findByText('Your plan is now Sky Muster Plus 100.')).toBeInTheDocument();
    expect(callsTo(calls, prepare)).toHaveLength(1);
    expect(callsTo(calls, commit)).toHaveLength(1);
  });

  it('warns a customer on a custom plan first, and can close or continue', async () => {
    const { user, onClose } = setup({}, {}, { is_custom: true, plan: 'Station Special 40' });
    expect(
      await screen.findByRole('heading', { name: 'You are on a custom plan' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Your plan, Station Special 40, was set up especially for you.',
    );
    expect(screen.queryByText(/Step \d of 3/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Select Plan' })).toHaveFocus();
    expect(await screen.findByRole('list', { name: 'Plans' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes from the custom-plan warning without showing the plans', async () => {
    const { user, onClose } = setup({}, {}, { is_custom: true });
    await screen.findByRole('heading', { name: 'You are on a custom plan' });
    // The footer's Close (the other is the dialog's close icon).
    await user.click(screen.getAllByRole('button', { name: 'Close' })[1]!);
    expect(onClose).toHaveBeenCalled();
  });

  it('cancels the scheduled change with the current plan, Next Period and no options', async () => {
    const { user, calls, track } = setup(
      { cancel: true },
      {
        commit: () =>
          jsonResponse({ data: result({ cancelled: true, plan: 'Sky Muster Plus 50' }) }),
      },
      { upcoming, next_plan: 'Sky Muster Plus 100' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Plan Change' });
    expect(dialog).toHaveTextContent(
      'SMP0200101 is due to change to Sky Muster Plus 100 on 02/04/26. If you cancel it, you stay on Sky Muster Plus 50.',
    );

    await user.click(screen.getByRole('button', { name: 'Yes, cancel the change' }));

    expect(
      await screen.findByText(
        'The upcoming plan change has been cancelled. You stay on Sky Muster Plus 50.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(callsTo(calls, prepare).map((c) => c.body)).toEqual([
      { planid: 22, when: 'Next Period', options: [] },
    ]);
    expect(callsTo(calls, commit).map((c) => c.body)).toEqual([
      { planid: 22, when: 'Next Period', options: [], csrf: 'csrf-1' },
    ]);
    expect(track).toHaveBeenCalledWith('Cancel Plan Changes', { technology: 'Sky Muster Plus' });
    // Opened from the table: no plan list was needed.
    expect(calls.filter((c) => c.path === plansPath)).toHaveLength(0);
  });

  it('offers to cancel from the Upcoming Plan row, returns to the plans on No, and shows the error when it fails', async () => {
    const { user } = setup(
      {
        // Opened from a service row: the plan list first.
      },
      {
        plans: skyMusterPlans.map((p) => (p.planid === 23 ? { ...p, is_next: true } : p)),
        prepare: () => errorResponse(409, 'Bad request: The change can no longer be cancelled.'),
      },
      { next_plan: 'Sky Muster Plus 100', upcoming },
    );

    const list = await screen.findByRole('list', { name: 'Plans' });
    const card = within(list).getAllByRole('listitem')[2]!;
    expect(card).toHaveTextContent('Upcoming Plan');
    expect(within(card).queryByRole('button', { name: /Upgrade|Downgrade/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancel change to Sky Muster Plus 100' }));
    expect(await screen.findByRole('dialog', { name: 'Cancel Plan Change' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'No, keep it' }));
    expect(await screen.findByRole('heading', { name: 'Select Plan' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel change to Sky Muster Plus 100' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel the change' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The change can no longer be cancelled.',
    );
    expect(screen.getByRole('heading', { name: 'Cancel the upcoming plan change?' })).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Cancel Plan Change' })).toHaveAttribute(
      'data-status',
      '0',
    );
  });

  it('says the download failed when a fact sheet cannot be fetched', async () => {
    const { user } = setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'Critical Information Summary for Sky Muster Plus 100 (PDF)',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while trying to download the file.',
    );
  });

  it('downloads a fact sheet with the user token', async () => {
    const { user } = setup();
    const fetchMock = vi.fn(async (path: string, _init: RequestInit) =>
      path === plansPath
        ? jsonResponse({ data: skyMusterPlans })
        : new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:fact-sheet');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await user.click(
      await screen.findByRole('button', { name: 'Key Fact Sheet for Sky Muster Plus 100 (PDF)' }),
    );

    await waitFor(() => expect(click).toHaveBeenCalled());
    const [path, init] = fetchMock.mock.calls.at(-1)!;
    expect(path).toBe('/api/portal/plans/23/documents/kfs/');
    expect((init.headers as Record<string, string>)['X-User-Token']).toBe('user-token-1');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Change Plan confirm checks (spec 2 section 5)', () => {
  it('asks for a plan and for when the change applies, in the spec words', () => {
    expect(validateChangePlan(null, null)).toEqual({
      plan: 'Please select at least 1 plan',
      when: 'This is required',
    });
    expect(validateChangePlan(skyMusterPlans[2]!, 'Next Period')).toEqual({
      plan: null,
      when: null,
    });
  });
});
