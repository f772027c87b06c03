import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { advisories } from '../modules/advisories/advisories.schema';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The satellite beams and fixed-wireless towers of the demo services (network advisories name
 * them; docs/decisions/019). Telephony services are matched by postcode only.
 */
export const demoServiceAreas = [
  { serviceId: 200101, beam: 'SM-B41', tower: null }, // holder, 12 Wattle Rd, Longreach 4730
  { serviceId: 200102, beam: null, tower: 'TWR-ISF-01' }, // holder, Isisford 4731 (pending)
  { serviceId: 200201, beam: 'SM-B27', tower: null }, // twofactor, Bourke 2840
  { serviceId: 200301, beam: null, tower: 'TWR-TEN-02' }, // other, Tenterfield 2372
  { serviceId: 200302, beam: 'SM-B12', tower: null }, // other, the cottage, Tenterfield 2372
] as const;

/** The demo advisory that affects the holder's service at 12 Wattle Rd (id for tests and e2e). */
export const LONGREACH_ADVISORY_ID = 2;

/**
 * Six advisories, newest first by start: beam maintenance coming up (Bourke's beam), a tower and
 * exchange outage at Longreach now (the holder's 12 Wattle Rd: 'Affects your service at ...'),
 * slow evening speeds on the cottage's beam, a resolved storm outage at Tenterfield, a resolved
 * exchange upgrade at Bourke, and an old resolved cyclone advisory. Times relative to `now`.
 */
export async function seedAdvisories(tx: Db, now: Date): Promise<void> {
  for (const a of demoServiceAreas)
    await tx.execute(sql`update services set satellite_beam = ${a.beam}, tower_id = ${a.tower}
                          where id = ${a.serviceId}`);

  const at = (ms: number) => new Date(now.getTime() + ms);
  // Brisbane midnight plus hours, some days ahead (maintenance is planned in the small hours).
  const brisbaneDay = (days: number, hour: number) => {
    const local = new Date(now.getTime() + 10 * HOUR_MS);
    local.setUTCHours(0, 0, 0, 0);
    return new Date(local.getTime() - 10 * HOUR_MS + days * DAY_MS + hour * HOUR_MS);
  };
  const base = { createdAt: at(-30 * DAY_MS), updatedAt: now };
  await tx.insert(advisories).values([
    {
      id: 1,
      kind: 'maintenance',
      title: 'Planned maintenance: Sky Muster beam SM-B27 (western NSW)',
      severity: 'Low',
      status: 'Scheduled',
      started: brisbaneDay(2, 1),
      ended: brisbaneDay(2, 5),
      message:
        'We are upgrading the ground equipment for beam SM-B27. Services on this beam may drop out for up to 30 minutes at a time between 1 am and 5 am. No action is needed; your modem reconnects by itself.',
      beams: ['SM-B27'],
      ...base,
    },
    {
      id: LONGREACH_ADVISORY_ID,
      title: 'Outage: Longreach exchange and tower TWR-LRE-01',
      severity: 'High',
      status: 'Investigating',
      started: at(-3 * HOUR_MS),
      ended: at(5 * HOUR_MS),
      message:
        'A power failure at the Longreach exchange has taken down phone lines and the fixed wireless tower in the 4730 postcode. Technicians are on their way. Satellite internet is not affected, so VoIP calls over it still work. In an emergency call triple zero (000) from a mobile.',
      postcodes: ['4730'],
      towers: ['TWR-LRE-01'],
      ...base,
    },
    {
      id: 3,
      title: 'Slower evening speeds on Sky Muster beam SM-B12',
      severity: 'Medium',
      status: 'Monitoring',
      started: at(-26 * HOUR_MS),
      ended: null,
      message:
        'Some customers on beam SM-B12 (New England, NSW) see slower speeds between 7 pm and 11 pm. We have moved traffic to relieve the beam and are watching it closely.',
      beams: ['SM-B12'],
      ...base,
    },
    {
      id: 4,
      title: 'Storm damage: fixed wireless outage around Tenterfield',
      severity: 'High',
      status: 'Resolved',
      started: at(-3 * DAY_MS),
      ended: at(-2 * DAY_MS - 4 * HOUR_MS),
      message:
        'Lightning damaged tower TWR-TEN-02 during Tuesday night storms. The tower was repaired and all services are back. If your service is still down, restart your modem, then call us.',
      postcodes: ['2372'],
      towers: ['TWR-TEN-02'],
      ...base,
    },
    {
      id: 5,
      kind: 'maintenance',
      title: 'Bourke exchange upgrade',
      severity: 'Low',
      status: 'Resolved',
      started: at(-9 * DAY_MS),
      ended: at(-9 * DAY_MS + 3 * HOUR_MS),
      message:
        'The exchange upgrade is complete. Phone services in the 2840 postcode had short interruptions during the work.',
      postcodes: ['2840'],
      ...base,
    },
    {
      id: 6,
      title: 'Cyclone preparations: far north Queensland',
      severity: 'Critical',
      status: 'Resolved',
      started: at(-20 * DAY_MS),
      ended: at(-18 * DAY_MS),
      message:
        'The cyclone has passed without damage to our network. Thank you for your patience while we powered down exposed equipment.',
      postcodes: ['4870', '4871', '4873'],
      ...base,
    },
  ]);
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('advisories', 'id'), (select max(id) from advisories))`,
  );
}
