import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blockState,
  BILLING_PERIOD_MS,
  DAY_MS,
  allowanceLabel,
  applyChangeChoices,
  canSelectPlan,
  defaultApplyChange,
  minimumCosts,
  orderServices,
  planAction,
  planRowLabel,
  proRataAdjustment,
  quotaLabel,
  serviceActions,
  speedLabel,
  seesServices,
  SERVICE_STATUSES,
} from './services';
import { cancellationDateAllowed, statusAfter, stoppedStatus } from './service-status-rules';

describe('speedLabel', () => {
  it.each([
    ['Sky Muster', 25600, 5120, 'Standard evening speed (Up to 25/5 Mbps)'],
    ['Sky Muster Plus', 25600, 5120, 'Standard evening speed (Up to 25/5 Mbps)'],
    ['Sky Muster Plus', 12288, 1024, 'Basic evening speed (Up to 12/1 Mbps)'],
    ['Fixed Wireless', 61440, 20480, 'Wireless Plus'],
    ['Fixed Wireless', 25600, 5120, 'Wireless Standard'],
    ['Fixed Wireless', 12288, 1024, 'Wireless Basic'],
    ['Fixed Wireless', 102400, 40960, 'Up to 100 Mbps / 40 Mbps'],
    ['Sky Muster', 512, 256, 'Up to 512 Kbps / 256 Kbps'],
  ])('%s at %i/%i Kbps reads %s', (technology, down, up, label) => {
    expect(speedLabel({ technology, download_speed: down, upload_speed: up })).toBe(label);
  });

  it('is empty for a service without speeds (telephony)', () => {
    expect(speedLabel({ technology: 'Landline', download_speed: null, upload_speed: null })).toBe(
      '',
    );
  });
});

describe('allowance labels', () => {
  it("uses 'Peak' for Sky Muster Plus and 'Anytime' for the rest", () => {
    expect(quotaLabel('Sky Muster Plus')).toBe('Peak');
    expect(quotaLabel('Sky Muster')).toBe('Anytime');
    expect(quotaLabel('Fixed Wireless')).toBe('Anytime');
  });

  it('shows decimal gigabytes, the off-peak allowance when there is one, and unlimited plans', () => {
    const base = { unlimited: false, offpeak_quota: 0 };
    expect(allowanceLabel({ ...base, technology: 'Sky Muster Plus', peak_quota: 50000 })).toBe(
      '50 GB Peak',
    );
    expect(
      allowanceLabel({
        ...base,
        technology: 'Sky Muster',
        peak_quota: 60000,
        offpeak_quota: 90000,
      }),
    ).toBe('60 GB Anytime + 90 GB Off-Peak');
    expect(
      allowanceLabel({
        technology: 'Fixed Wireless',
        peak_quota: null,
        offpeak_quota: null,
        unlimited: true,
      }),
    ).toBe('Unlimited Data');
  });
});

const plan = {
  is_current: false,
  is_next: false,
  flag: null,
  price: 8999,
  selectable: true,
  available_now: true,
  available_next: true,
  available_current_only: false,
};

describe('plan rows', () => {
  it('labels the current and upcoming plans, else shows the flag', () => {
    expect(planRowLabel({ ...plan, is_current: true, flag: 'New' })).toBe('Current Plan');
    expect(planRowLabel({ ...plan, is_next: true })).toBe('Upcoming Plan');
    expect(planRowLabel({ ...plan, flag: 'Best value' })).toBe('Best value');
    expect(planRowLabel(plan)).toBeNull();
  });

  it("is an 'Upgrade' only when available now and dearer than the current price", () => {
    expect(planAction(plan, 6999)).toBe('Upgrade');
    expect(planAction(plan, 8999)).toBe('Downgrade');
    expect(planAction({ ...plan, available_now: false }, 6999)).toBe('Downgrade');
  });

  it('offers the select button only for selectable plans that are not current or next', () => {
    expect(canSelectPlan(plan)).toBe(true);
    expect(canSelectPlan({ ...plan, selectable: false })).toBe(false);
    expect(canSelectPlan({ ...plan, is_current: true })).toBe(false);
    expect(canSelectPlan({ ...plan, is_next: true })).toBe(false);
    expect(canSelectPlan({ ...plan, available_now: false, available_next: false })).toBe(false);
  });
});

describe('apply-change choices', () => {
  it('offers this month only where the plan allows it', () => {
    expect(applyChangeChoices(plan)).toEqual(['Current Period', 'Next Period']);
    expect(applyChangeChoices({ ...plan, available_current_only: true })).toEqual([
      'Current Period',
      'Current Period Only',
      'Next Period',
    ]);
    expect(applyChangeChoices({ ...plan, available_now: false })).toEqual(['Next Period']);
  });

  it('defaults to Next Period in next mode or for a next-period-only plan, else Current Period', () => {
    expect(defaultApplyChange(plan)).toBe('Current Period');
    expect(defaultApplyChange(plan, true)).toBe('Next Period');
    expect(defaultApplyChange({ ...plan, available_now: false })).toBe('Next Period');
  });
});

describe('proRataAdjustment', () => {
  const end = new Date('2026-12-01T14:00:00Z');
  const daysBefore = (days: number) => new Date(end.getTime() - days * DAY_MS);

  it('charges the price difference for the part of the period still to run', () => {
    expect(proRataAdjustment(7499, 8999, end, daysBefore(20))).toBe(1000);
    expect(proRataAdjustment(7499, 5499, end, daysBefore(15))).toBe(-1000);
    expect(proRataAdjustment(7499, 8999, end, daysBefore(0))).toBe(0);
  });

  it('never exceeds the difference, and a change back is its exact opposite', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: -BILLING_PERIOD_MS, max: 2 * BILLING_PERIOD_MS }),
        (a, b, offset) => {
          const now = new Date(end.getTime() - offset);
          const up = proRataAdjustment(a, b, end, now);
          expect(Number.isInteger(up)).toBe(true);
          expect(Math.abs(up)).toBeLessThanOrEqual(Math.abs(b - a));
          expect(proRataAdjustment(b, a, end, now)).toBe(up === 0 ? 0 : -up);
        },
      ),
    );
  });
});

it('gives the minimum costs of a 30 day plan', () => {
  expect(minimumCosts(8999)).toEqual({
    thirtyDay: 8999,
    twelveMonths: 107988,
    earlyTerminationFee: 0,
  });
});

describe('services', () => {
  const service = {
    type: 'Broadband',
    status: 'active',
    technology: 'Sky Muster Plus',
    is_limitless: false,
    can_transfer: false,
    can_ordernew: false,
    has_landline_barring: false,
    has_landline_options: false,
  };

  it('lists active broadband first and keeps the order otherwise', () => {
    const list = [
      { id: 1, type: 'Telephony', status: 'active' },
      { id: 2, type: 'Broadband', status: 'pending' },
      { id: 3, type: 'Broadband', status: 'active' },
      { id: 4, type: 'Broadband', status: 'active' },
    ];
    expect(orderServices(list).map((s) => s.id)).toEqual([3, 4, 1, 2]);
  });

  it('allows only the legal status changes (docs/decisions/052)', () => {
    const table = Object.fromEntries(
      SERVICE_STATUSES.map((from) => [
        from,
        (['suspend', 'resume', 'cancel'] as const).map((t) => statusAfter(from, t)),
      ]),
    );
    expect(table).toEqual({
      pending: [null, null, 'cancelled'],
      active: ['suspended', null, 'cancelled'],
      suspended: [null, 'active', 'cancelled'],
      cancelled: [null, null, null],
    });
    expect(SERVICE_STATUSES.map((status) => stoppedStatus({ status }))).toEqual([
      null,
      null,
      'suspended',
      'cancelled',
    ]);
    expect(cancellationDateAllowed('2027-03-01', '2027-03-01')).toBe(true);
    expect(cancellationDateAllowed('2027-02-28', '2027-03-01')).toBe(false);
  });

  it('offers a suspended service its usage, requests and nickname, and a cancelled one its usage only', () => {
    const all = new Set(['view-activity', 'change-plan', 'set-nickname', 'purchase-block']);
    const everything = { ...service, has_landline_barring: true, can_transfer: true };
    const withOrders = new Set([...all, 'order-services', 'purchase-products']);
    expect(serviceActions({ ...everything, status: 'suspended' }, withOrders)).toEqual([
      'view-usage',
      'make-request',
      'nickname',
    ]);
    expect(serviceActions({ ...everything, status: 'cancelled' }, withOrders)).toEqual([
      'view-usage',
    ]);
  });

  it('offers each action only under its permissions and conditions', () => {
    const all = new Set([
      'view-activity',
      'change-plan',
      'set-nickname',
      'purchase-block',
      'order-services',
    ]);
    expect(serviceActions(service, all)).toEqual([
      'view-usage',
      'make-request',
      'change-plan',
      'buy-data-block',
      'nickname',
    ]);
    expect(serviceActions(service, new Set(['set-nickname']))).toEqual(['make-request']);
    expect(serviceActions({ ...service, is_limitless: true }, all)).not.toContain('buy-data-block');
    expect(serviceActions({ ...service, status: 'pending' }, all)).toEqual(['make-request']);
    expect(
      serviceActions(
        {
          ...service,
          type: 'Telephony',
          technology: 'Landline',
          has_landline_barring: true,
          has_landline_options: true,
          can_transfer: true,
        },
        all,
      ),
    ).toEqual(['make-request', 'nickname', 'call-barring', 'landline-options', 'request-transfer']);
    // A VoIP service: landline options by has_voip_options, no call barring without its flag.
    expect(
      serviceActions(
        { ...service, type: 'Telephony', technology: 'VOIP', has_voip_options: true },
        all,
      ),
    ).toEqual(['make-request', 'nickname', 'landline-options']);
  });

  it('offers Order Now with purchase-products on services other than Landline and VOIP', () => {
    const products = new Set(['purchase-products']);
    expect(serviceActions(service, products)).toEqual(['make-request', 'order-product']);
    for (const technology of ['Landline', 'VOIP'])
      expect(serviceActions({ ...service, technology }, products)).toEqual(['make-request']);
    expect(serviceActions(service, new Set(['order-services']))).toEqual(['make-request']);
  });
});

describe('blockState', () => {
  const expires = '2026-03-20T14:00:00.000Z';
  it('is applying, then active, then expired at the end of its period', () => {
    expect(blockState(false, expires, new Date('2026-03-05T02:00:00.000Z'))).toBe('applying');
    expect(blockState(true, expires, new Date('2026-03-20T13:59:59.999Z'))).toBe('active');
    expect(blockState(true, expires, new Date(expires))).toBe('expired');
    expect(blockState(false, new Date(expires), new Date('2026-04-01T00:00:00.000Z'))).toBe(
      'expired',
    );
  });
});

describe('seesServices', () => {
  it('is any one of view-services and view-activity, nothing else', () => {
    expect(seesServices(new Set(['view-services']))).toBe(true);
    expect(seesServices(new Set(['view-activity']))).toBe(true);
    expect(seesServices(new Set(['view-account', 'view-current-bill', 'change-plan']))).toBe(false);
    expect(seesServices(new Set())).toBe(false);
  });
});
