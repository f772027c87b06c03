/**
 * Who an SMS comes from and where it goes, as the SMS providers' APIs take them (docs/decisions/043):
 * numbers in E.164 ('+61491570156'), a sender either a number or an alphanumeric sender id.
 */

/**
 * A phone number in E.164, from the forms the portal stores and people type: an Australian
 * number in national form ('0491 570 156', '07 5550 0123'), or an international one with its '+'
 * ('+61 491 570 156', '+64 21 123 4567'). Spaces, dashes, dots and brackets are dropped. Null when
 * it is neither: the message cannot be sent, whatever the provider.
 */
export function toE164(phone: string): string | null {
  const compact = phone.trim().replace(/[\s().-]/g, '');
  if (/^\+[1-9][0-9]{7,14}$/.test(compact)) return compact;
  // Australian national form: a leading 0, then a 9-digit number (mobile, landline or 1300/1800
  // numbers have other lengths and cannot take an SMS anyway).
  if (/^0[2-578][0-9]{8}$/.test(compact)) return `+61${compact.slice(1)}`;
  return null;
}

export type SmsSender =
  | { kind: 'number'; value: string }
  | { kind: 'alphanumeric'; value: string }
  | { kind: 'invalid'; reason: string };

/** Why a sender is refused, in the words of the start-up check. */
export const smsSenderRule =
  'an alphanumeric sender id of 2 to 11 letters, digits or spaces with at least one letter and no space at either end, or a phone number such as 0491570156';

/**
 * The sender of an SMS: a phone number (national or E.164, given in E.164) or an alphanumeric
 * sender id. The id follows what Twilio and MessageMedia accept (at most 11 ASCII letters, digits
 * and spaces, not digits alone) and ACMA's SMS Sender ID Register (2 to 11 characters, no space at
 * either end); only digits is a number. Whether the id is registered for the provider is the
 * provider's to say (from 1 July 2026 an unregistered id shows as 'Unverified' in Australia).
 */
export function smsSender(from: string): SmsSender {
  if (/^[0-9 +()-]+$/.test(from)) {
    const number = toE164(from);
    return number
      ? { kind: 'number', value: number }
      : { kind: 'invalid', reason: `'${from}' is not a phone number` };
  }
  if (!/^[A-Za-z0-9 ]{2,11}$/.test(from) || from.trim() !== from)
    return { kind: 'invalid', reason: `'${from}' is not ${smsSenderRule}` };
  return { kind: 'alphanumeric', value: from };
}
