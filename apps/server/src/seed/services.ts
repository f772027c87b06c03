import { addBusinessDays, startOfBusinessDay } from '@outpost/domain/time/zoned';
import { periodEndOf } from '@outpost/domain/business-periods';
import { BILLING_PERIOD_DAYS } from '@outpost/domain/constants';
import { DAY_MS } from '@outpost/domain/services';
import type { Db } from '../db/client';
import { catalogue, summaries } from './plans';
import type { UsageProfile } from './usage';
import { accountCharges } from '../modules/billing/billing.schema';
import {
  dataBlockPurchases,
  dataBlocks,
  planChanges,
  planExtraLinks,
  planExtras,
  plans,
  serviceExtras,
  services,
} from '../modules/services/services.schema';

/**
 * The demo provider's catalogue and services (issue 5). Ids are fixed so that tests, the README
 * and the route inventory's examples can name them; dates are relative to `now` (periods are
 * anchored at midnight in the business zone) so the demo always has a current period.
 */

/** How much each active demo broadband service uses (GB a day, all hours). */
export function demoUsageProfiles(now: Date): UsageProfile[] {
  const start = (daysAgo: number) => startOfBusinessDay(now, daysAgo);
  return [
    // holder: about 1.7 GB of peak data a day against 50 GB: close to the allowance each period.
    {
      serviceid: 200101,
      technology: 'Sky Muster Plus',
      dailyGb: 2.9,
      quotaMb: 50000,
      periodStart: start(12),
    },
    {
      serviceid: 200201,
      technology: 'Sky Muster Plus',
      dailyGb: 11,
      quotaMb: 250000,
      periodStart: start(20),
    },
    {
      serviceid: 200301,
      technology: 'Fixed Wireless',
      dailyGb: 9,
      quotaMb: null,
      periodStart: start(5),
    },
    {
      serviceid: 200302,
      technology: 'Sky Muster Plus',
      dailyGb: 1.1,
      quotaMb: 25000,
      periodStart: start(25),
    },
  ];
}

export async function seedServices(tx: Db, now: Date): Promise<void> {
  await tx.insert(plans).values(
    catalogue.map((p) => ({
      ...p,
      summary: summaries[p.technology] ?? '',
      kfsRef: `KFS-${p.id}-2026`,
      cisRef: `CIS-${p.id}-2026`,
    })),
  );

  await tx.insert(planExtras).values([
    {
      id: 101,
      name: 'Static IP address',
      description: 'A fixed public IPv4 address, for remote access and security cameras.',
      priceCents: 1000,
    },
    {
      id: 102,
      name: 'Modem rental',
      description: 'A Wi-Fi 6 modem, replaced free of charge if it fails.',
      priceCents: 500,
    },
    {
      id: 103,
      name: 'Priority support',
      description: 'Your calls and chats go to the front of the queue.',
      priceCents: 700,
    },
  ]);
  const broadband = catalogue.filter((p) => p.peakQuotaMb !== undefined || p.unlimited);
  await tx.insert(planExtraLinks).values(
    broadband.flatMap((p) =>
      [101, 102, ...(p.technology === 'Sky Muster' ? [] : [103])].map((extraId) => ({
        planId: p.id!,
        extraId,
      })),
    ),
  );

  await tx.insert(dataBlocks).values([
    { id: 1, name: 'Data Block 5 GB', peakMb: 5000, offpeakMb: 0, priceCents: 1500, sort: 1 },
    { id: 2, name: 'Data Block 10 GB', peakMb: 10000, offpeakMb: 0, priceCents: 2500, sort: 2 },
    { id: 3, name: 'Data Block 25 GB', peakMb: 25000, offpeakMb: 0, priceCents: 5000, sort: 3 },
    {
      id: 4,
      name: 'Off-Peak Data Block 20 GB',
      technology: 'Sky Muster',
      peakMb: 0,
      offpeakMb: 20000,
      priceCents: 1500,
      sort: 4,
    },
  ]);

  const address = {
    holder: {
      addrAbbr: '12 Wattle Rd, Longreach QLD',
      addrLine: '12 Wattle Road',
      addrSuburb: 'Longreach',
      addrState: 'QLD',
      addrPostcode: '4730',
    },
    holderNew: {
      addrAbbr: 'Lot 4 Barcoo St, Isisford QLD',
      addrLine: 'Lot 4 Barcoo Street',
      addrSuburb: 'Isisford',
      addrState: 'QLD',
      addrPostcode: '4731',
    },
    nguyen: {
      addrAbbr: '880 Mitchell Hwy, Bourke NSW',
      addrLine: '880 Mitchell Highway',
      addrSuburb: 'Bourke',
      addrState: 'NSW',
      addrPostcode: '2840',
    },
    walker: {
      addrAbbr: '3 Quarry Rd, Tenterfield NSW',
      addrLine: '3 Quarry Road',
      addrSuburb: 'Tenterfield',
      addrState: 'NSW',
      addrPostcode: '2372',
    },
  };
  const start = (daysAgo: number) => startOfBusinessDay(now, daysAgo);
  await tx.insert(services).values([
    // holder: an active Sky Muster Plus service with an upcoming change, a pending fixed wireless
    // service, a landline and a VoIP service.
    {
      id: 200101,
      accountId: 100001,
      type: 'Broadband',
      status: 'active',
      technology: 'Sky Muster Plus',
      planId: 22,
      nextPlanId: 23,
      identifier: 'AVC000123456789',
      ...address.holder,
      periodStart: start(12),
      activatedAt: start(400),
      description: 'Sky Muster Plus satellite broadband',
      canOrderNew: false,
    },
    {
      id: 200102,
      accountId: 100001,
      type: 'Broadband',
      status: 'pending',
      technology: 'Fixed Wireless',
      planId: 32,
      identifier: 'AVC000987654321',
      ...address.holderNew,
      periodStart: start(2),
      description: 'Fixed wireless broadband (connection booked)',
    },
    {
      id: 200103,
      accountId: 100001,
      type: 'Telephony',
      status: 'active',
      technology: 'Landline',
      planId: 41,
      identifier: '0755500123',
      ...address.holder,
      periodStart: start(12),
      activatedAt: start(900),
      hasLandlineBarring: true,
      hasLandlineOptions: true,
      canTransfer: true,
      description: 'Home phone',
    },
    {
      id: 200104,
      accountId: 100001,
      type: 'Telephony',
      status: 'active',
      technology: 'VOIP',
      planId: 51,
      identifier: '0755500456',
      ...address.holder,
      periodStart: start(12),
      activatedAt: start(200),
      hasVoipOptions: true,
      canOrderNew: true,
      canTransfer: true,
      description: 'VoIP phone',
    },
    // twofactor / authapp: a custom plan.
    {
      id: 200201,
      accountId: 100002,
      type: 'Broadband',
      status: 'active',
      technology: 'Sky Muster Plus',
      planId: 25,
      identifier: 'AVC000555000111',
      nickname: 'Shearing shed',
      ...address.nguyen,
      periodStart: start(20),
      activatedAt: start(700),
      description: 'Sky Muster Plus satellite broadband (custom plan)',
    },
    // other: fixed wireless on the Limitless plan, and a Sky Muster Plus service at the cottage.
    {
      id: 200301,
      accountId: 100003,
      type: 'Broadband',
      status: 'active',
      technology: 'Fixed Wireless',
      planId: 34,
      identifier: 'AVC000777000222',
      ...address.walker,
      periodStart: start(5),
      activatedAt: start(300),
      description: 'Fixed wireless broadband',
    },
    {
      id: 200302,
      accountId: 100003,
      type: 'Broadband',
      status: 'active',
      technology: 'Sky Muster Plus',
      planId: 21,
      identifier: 'AVC000777000333',
      nickname: 'Cottage',
      ...address.walker,
      periodStart: start(25),
      activatedAt: start(150),
      description: 'Sky Muster Plus satellite broadband',
    },
  ]);
  await tx.insert(serviceExtras).values([
    { serviceId: 200101, extraId: 102 },
    { serviceId: 200301, extraId: 101 },
  ]);

  // History: holder moved up from Essentials four periods ago; the change to 100 is scheduled.
  const holderStart = start(12);
  const periodsAgo = (n: number) => addBusinessDays(holderStart, -n * BILLING_PERIOD_DAYS);
  await tx.insert(planChanges).values([
    {
      serviceId: 200101,
      requestedBy: 5001,
      fromPlanId: 21,
      toPlanId: 22,
      when: 'Next Period',
      status: 'applied',
      requestedAt: new Date(periodsAgo(4).getTime() - 6 * DAY_MS),
      effectiveAt: periodsAgo(4),
      appliedAt: periodsAgo(4),
    },
    {
      serviceId: 200101,
      requestedBy: 5001,
      fromPlanId: 22,
      toPlanId: 23,
      when: 'Next Period',
      status: 'scheduled',
      requestedAt: new Date(holderStart.getTime() + 3 * DAY_MS),
      effectiveAt: periodEndOf(holderStart),
    },
  ]);

  // Data blocks: two in past periods, one earlier in this period (already applied).
  const bought = [
    { block: 2, at: new Date(periodsAgo(2).getTime() + 21 * DAY_MS + 19 * 3600_000), periods: 2 },
    { block: 1, at: new Date(periodsAgo(1).getTime() + 26 * DAY_MS + 20 * 3600_000), periods: 1 },
    { block: 1, at: new Date(holderStart.getTime() + 4 * DAY_MS + 18.5 * 3600_000), periods: 0 },
  ];
  const blockInfo: Record<number, { name: string; peakMb: number; priceCents: number }> = {
    1: { name: 'Data Block 5 GB', peakMb: 5000, priceCents: 1500 },
    2: { name: 'Data Block 10 GB', peakMb: 10000, priceCents: 2500 },
  };
  for (const b of bought) {
    const info = blockInfo[b.block]!;
    const periodStart = periodsAgo(b.periods);
    const [row] = await tx
      .insert(dataBlockPurchases)
      .values({
        serviceId: 200101,
        blockId: b.block,
        purchasedBy: 5001,
        name: info.name,
        peakMb: info.peakMb,
        offpeakMb: 0,
        priceCents: info.priceCents,
        purchasedAt: b.at,
        periodStart,
        expiresAt: periodEndOf(periodStart),
        activatedAt: new Date(b.at.getTime() + 40 * 60_000),
      })
      .returning({ id: dataBlockPurchases.id });
    if (b.periods === 0)
      await tx.insert(accountCharges).values({
        accountId: 100001,
        serviceId: 200101,
        kind: 'data-block',
        description: `${info.name} (AVC000123456789)`,
        amountCents: info.priceCents,
        sourceId: row!.id,
        createdAt: b.at,
      });
  }
}
