import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_CALLBACK_SETTINGS,
  bookingSummary,
  callbackDays,
  isOfferedSlot,
  slotLabel,
  slotText,
} from './callback-slots';
import { DEFAULT_BUSINESS_TIME_ZONE, setBusinessTimeZone } from './time/zone';

/** A provider whose business zone is not Brisbane (docs/decisions/041). */
afterEach(() => setBusinessTimeZone(DEFAULT_BUSINESS_TIME_ZONE));

const iso = (d: Date) => d.toISOString();

describe('callback slots in Melbourne, across both daylight-saving changes', () => {
  it('opens at 8am on the wall clock either side of the October 2027 change', () => {
    setBusinessTimeZone('Australia/Melbourne');
    const days = callbackDays('technical', new Date('2027-10-01T12:00:00Z'), {
      settings: { ...DEFAULT_CALLBACK_SETTINGS, days: 2 },
    });
    expect(days.map((d) => d.date)).toEqual(['2027-10-02', '2027-10-03']);
    // Sat 2 Oct 8am AEST is 22:00Z; Sun 3 Oct 8am AEDT (clocks went forward at 2am) is 21:00Z.
    expect(iso(days[0]!.slots[0]!)).toBe('2027-10-01T22:00:00.000Z');
    expect(iso(days[1]!.slots[0]!)).toBe('2027-10-02T21:00:00.000Z');
    // Weekend hours 8am-6pm: the last slot starts 5:30 pm local both days.
    expect(iso(days[0]!.slots.at(-1)!)).toBe('2027-10-02T07:30:00.000Z');
    expect(iso(days[1]!.slots.at(-1)!)).toBe('2027-10-03T06:30:00.000Z');
    expect(days[1]!.slots).toHaveLength(20);
  });

  it('opens at 8am on the wall clock either side of the April 2027 change, and labels the zone', () => {
    setBusinessTimeZone('Australia/Melbourne');
    const now = new Date('2027-04-02T12:00:00Z');
    const [sat, sun] = callbackDays('technical', now, {
      settings: { ...DEFAULT_CALLBACK_SETTINGS, days: 2 },
    });
    expect(iso(sat!.slots[0]!)).toBe('2027-04-02T21:00:00.000Z'); // 8am AEDT
    expect(iso(sun!.slots[0]!)).toBe('2027-04-03T22:00:00.000Z'); // 8am AEST
    expect(isOfferedSlot('technical', new Date('2027-04-03T22:00:00Z'), now)).toBe(true);
    expect(isOfferedSlot('technical', new Date('2027-04-03T21:00:00Z'), now)).toBe(false);
    expect(slotText(slotLabel(sat!.slots[0]!, 'Australia/Melbourne'))).toBe('8:00 am AEDT');
    expect(slotText(slotLabel(sun!.slots[0]!, 'Australia/Brisbane'))).toBe('8:00 am AEST');
    // A Brisbane caller in Melbourne's summer: an hour behind.
    expect(slotText(slotLabel(sat!.slots[0]!, 'Australia/Brisbane'))).toBe(
      '7:00 am your time · 8:00 am AEDT',
    );
    expect(bookingSummary('technical', sat!.slots[0]!)).toBe(
      'Technical Support, Sat 03/04/27 8:00 am AEDT',
    );
  });
});

describe('callback slots in Perth', () => {
  it('opens at 8am AWST, two hours after Brisbane', () => {
    setBusinessTimeZone('Australia/Perth');
    const [day] = callbackDays('technical', new Date('2027-06-04T12:00:00Z'), {
      settings: { ...DEFAULT_CALLBACK_SETTINGS, days: 1 },
    });
    expect(day!.date).toBe('2027-06-05');
    expect(iso(day!.slots[0]!)).toBe('2027-06-05T00:00:00.000Z');
    expect(slotText(slotLabel(day!.slots[0]!, 'Australia/Perth'))).toBe('8:00 am AWST');
    expect(slotText(slotLabel(day!.slots[0]!, 'Australia/Brisbane'))).toBe(
      '10:00 am your time · 8:00 am AWST',
    );
  });
});
