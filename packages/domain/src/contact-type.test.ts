import { describe, expect, it } from 'vitest';
import { inferRecoveryContact } from './contact-type';

describe('inferRecoveryContact', () => {
  it('treats ten digits as a mobile number sent by sms', () => {
    expect(inferRecoveryContact('0491570156')).toEqual({
      ok: true,
      method: 'sms',
      value: '0491570156',
    });
  });

  it('rejects a number that is not 10 digits', () => {
    expect(inferRecoveryContact('049157015')).toEqual({
      ok: false,
      method: 'sms',
      message: "The mobile number you entered doesn't appear to be valid, please enter again.",
    });
  });

  it('treats text with @ as an email address', () => {
    expect(inferRecoveryContact('jo@example.com')).toMatchObject({ ok: true, method: 'email' });
    expect(inferRecoveryContact('jo@example')).toEqual({
      ok: false,
      method: 'email',
      message: "The email address you entered doesn't appear to be valid, please enter again.",
    });
  });

  it('treats other text as a username and rejects an empty one', () => {
    expect(inferRecoveryContact('holder')).toMatchObject({ ok: true, method: 'username' });
    expect(inferRecoveryContact('  ')).toEqual({
      ok: false,
      method: 'username',
      message: "The username you entered doesn't appear to be valid, please enter again.",
    });
  });
});
