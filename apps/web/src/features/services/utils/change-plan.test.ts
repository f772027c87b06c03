import { describe, expect, it } from 'vitest';
import { adjustmentText, changedText, extrasPriceNote, feeText, proRataText } from './change-plan';
import { service } from '@/test/services-fixtures';

describe('Change Plan texts', () => {
  it('words the pro-rata estimate as a charge, a credit or nothing', () => {
    expect(proRataText(1234)).toBe(
      'We estimate a pro-rata charge of $12.34 for the rest of this billing period. It will be charged on your next invoice.',
    );
    expect(proRataText(-500)).toBe(
      'We estimate a pro-rata credit of $5.00 for the rest of this billing period. It will be credited on your next invoice.',
    );
    expect(proRataText(0)).toBe(
      'There is no pro-rata adjustment for the rest of this billing period.',
    );
  });

  it('writes a zero fee as $0.00', () => {
    expect(feeText(0)).toBe('$0.00');
    expect(feeText(9900)).toBe('$99.00');
  });

  it('says what the server applied, by when it applies', () => {
    const base = {
      serviceid: 200101,
      plan: 'Sky Muster Plus 50',
      next_plan: 'Sky Muster Plus 100',
      effective: '2026-04-02T00:00:00.000Z',
      adjustment: 0,
      cancelled: false,
    };
    const svc = service();
    expect(changedText({ ...base, when: 'Next Period' }, svc)).toMatch(
      /^Your plan will change to Sky Muster Plus 100 on \d\d\/\d\d\/\d\d\.$/,
    );
    expect(changedText({ ...base, next_plan: null, when: 'Current Period' }, svc)).toBe(
      'Your plan is now Sky Muster Plus 50.',
    );
    expect(adjustmentText(250)).toBe(
      'A pro-rata charge of $2.50 will be added to your next invoice.',
    );
    expect(adjustmentText(-250)).toBe(
      'A pro-rata credit of $2.50 will be applied to your next invoice.',
    );
  });

  it('explains why the plan list prices differ from the services table when the service has extras', () => {
    expect(extrasPriceNote(8490, 7490)).toBe(
      'Plan prices are for the plan alone. You pay $84.90 a month now, including the extras on your service ($10.00 a month).',
    );
    expect(extrasPriceNote(7490, 7490)).toBeNull();
    expect(extrasPriceNote(7490, undefined)).toBeNull();
  });
});
