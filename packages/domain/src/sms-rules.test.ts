import { describe, expect, it } from 'vitest';
import { smsSender, smsSenderRule, toE164 } from './sms-rules';

describe('toE164', () => {
  it('writes Australian national numbers and international ones in E.164', () => {
    expect(toE164('0491570156')).toBe('+61491570156');
    expect(toE164('0491 570 156')).toBe('+61491570156');
    expect(toE164('(07) 5550-0123')).toBe('+61755500123');
    expect(toE164('+61 491 570 156')).toBe('+61491570156');
    expect(toE164('+64 21 123 4567')).toBe('+64211234567');
  });

  it('answers null for what is no phone number an SMS can go to', () => {
    for (const value of ['', '123', '1300975707', '049157015', '04915701567', '+0491570156', 'abc'])
      expect(toE164(value), value).toBeNull();
  });
});

describe('smsSender', () => {
  it('takes a phone number as a number in E.164', () => {
    expect(smsSender('0491570156')).toEqual({ kind: 'number', value: '+61491570156' });
    expect(smsSender('+61491570157')).toEqual({ kind: 'number', value: '+61491570157' });
  });

  it('takes an alphanumeric sender id of 2 to 11 letters, digits and spaces with a letter', () => {
    for (const id of ['Outpost', 'Ridgeline', 'Sky Net 4', 'AB', 'Outpost2026'])
      expect(smsSender(id), id).toEqual({ kind: 'alphanumeric', value: id });
  });

  it('refuses ids the providers or the ACMA register refuse, saying what a sender must be', () => {
    expect(smsSender('Outpost Rural')).toEqual({
      kind: 'invalid',
      reason: `'Outpost Rural' is not ${smsSenderRule}`,
    });
    for (const id of ['A', ' Outpost', 'Outpost ', 'Out_post', 'Outpost!', 'Zoë'])
      expect(smsSender(id).kind, id).toBe('invalid');
    expect(smsSender('12345')).toEqual({
      kind: 'invalid',
      reason: "'12345' is not a phone number",
    });
  });
});
