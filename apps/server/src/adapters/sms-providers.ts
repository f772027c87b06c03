import { createHmac } from 'node:crypto';
import { sameSecret } from '../lib/tokens';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { smsSender, toE164 } from '@outpost/domain/sms-rules';
import { PermanentDeliveryError } from './delivery-error';
import type { MessageChannel } from './message-channel';

/**
 * The SMS providers' own HTTP APIs (docs/decisions/043): Twilio's Messages API and MessageMedia's
 * (Sinch) Messages API, each with its delivery reports. Every request goes to the configured API
 * address only (no redirect is followed, decision 036) and carries the message's callback address
 * on the portal, so its delivery report finds the outbox row.
 */

export const SMS_PROVIDERS = ['twilio', 'messagemedia', 'http'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

/** The real APIs' addresses (the variables that change them are for tests and fakes). */
export const TWILIO_API_URL = 'https://api.twilio.com';
export const MESSAGEMEDIA_API_URL = 'https://api.messagemedia.com';

export type TwilioConfig = {
  provider: 'twilio';
  apiUrl: string;
  accountSid: string;
  /** Signs the status callbacks; with no API key, the password of every request too. */
  authToken: string;
  /** An API key (SK...) to authenticate requests with instead of the auth token. */
  apiKey: { sid: string; secret: string } | null;
  /** A Messaging Service: it chooses the sender (its alphanumeric id or number pool). */
  messagingServiceSid: string | undefined;
};
export type MessageMediaConfig = {
  provider: 'messagemedia';
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
};

/** The SMS configuration (SMS_PROVIDER and each provider's variables; config.ts). */
export type SmsConfig = { from: string } & (
  | { provider: 'outbox' }
  | { provider: 'http'; apiUrl: string; apiToken: string | undefined }
  | TwilioConfig
  | MessageMediaConfig
);

/**
 * MessageMedia signs its callbacks with a key pair managed through its API, by a scheme its
 * documentation does not spell out; so each callback address carries a token of its own instead:
 * an HMAC of the message's key with the API secret. It proves the address came from us and is
 * good for that one message only.
 */
export function messageMediaCallbackToken(apiSecret: string, key: string): string {
  return createHmac('sha256', apiSecret).update(`outpost-sms-status:${key}`).digest('base64url');
}

/** The callback address of one message on the portal (PUBLIC_URL), for the provider configured. */
export function smsStatusCallback(
  publicUrl: string,
  sms: TwilioConfig | MessageMediaConfig,
  key: string,
): string {
  if (sms.provider === 'twilio')
    return `${publicUrl}${buildPath(apiPaths.smsStatusTwilio, { key })}`;
  const token = messageMediaCallbackToken(sms.apiSecret, key);
  return `${publicUrl}${buildPath(apiPaths.smsStatusMessageMedia, { key })}?token=${token}`;
}

/**
 * Twilio's request signature (X-Twilio-Signature): base64 of the HMAC-SHA1, keyed with the auth
 * token, of the full URL Twilio called followed by each POST parameter's name and value, sorted by
 * name.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: readonly (readonly [string, string])[],
): string {
  const sorted = [...params].sort(([a, av], [b, bv]) =>
    a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0,
  );
  const data = url + sorted.map(([name, value]) => name + value).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/**
 * The URL as Twilio may have signed it: as called, and with the scheme's default port written out
 * or left off (Twilio's own helpers accept both forms).
 */
function signedForms(url: string): string[] {
  const address = new URL(url);
  const port = address.protocol === 'https:' ? '443' : '80';
  const origin = `${address.protocol}//${address.hostname}`;
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  const rest = pathStart === -1 ? '' : url.slice(pathStart);
  if (address.port === '') return [url, `${origin}:${port}${rest}`];
  if (address.port === port) return [url, `${origin}${rest}`];
  return [url];
}

/** Whether `signature` is Twilio's for this request (constant time). */
export function isTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: readonly (readonly [string, string])[],
): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature);
  return signedForms(url).some((form) => {
    const expected = Buffer.from(twilioSignature(authToken, form, params));
    return sameSecret(given, expected);
  });
}

/** What a delivery report says, in the outbox's words; null: not final yet (queued, en route). */
export type DeliveryOutcome = { status: 'delivered' | 'failed'; error: string | null } | null;

/**
 * A Twilio status callback's MessageStatus: delivered, or undelivered / failed / canceled with its
 * ErrorCode (e.g. 30003 unreachable, 30005 unknown number, 30006 landline, 21610 opted out).
 */
export function twilioOutcome(params: URLSearchParams): DeliveryOutcome {
  const status = params.get('MessageStatus') ?? params.get('SmsStatus');
  if (status === 'delivered') return { status: 'delivered', error: null };
  if (status === 'undelivered' || status === 'failed' || status === 'canceled') {
    const code = params.get('ErrorCode');
    return { status: 'failed', error: code ? `${status} (${code})` : status };
  }
  return null;
}

/**
 * A MessageMedia delivery report's status: delivered, or expired / rejected / failed (and the
 * older undeliverable / cancelled) with its error_code (e.g. 411 invalid destination, 412 blocked).
 */
export function messageMediaOutcome(report: {
  status?: unknown;
  error_code?: unknown;
}): DeliveryOutcome {
  const status = typeof report.status === 'string' ? report.status : '';
  if (status === 'delivered') return { status: 'delivered', error: null };
  if (['expired', 'rejected', 'failed', 'undeliverable', 'cancelled'].includes(status)) {
    const code =
      typeof report.error_code === 'string' || typeof report.error_code === 'number'
        ? String(report.error_code)
        : '';
    return { status: 'failed', error: code ? `${status} (${code})` : status };
  }
  return null;
}

/** The body of an answer as JSON, or null (an HTML error page, an empty body). */
async function jsonOf(res: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = JSON.parse(await res.text());
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** The destination in E.164, or a permanent failure: no provider can send to it. */
function destination(to: string): string {
  const number = toE164(to);
  if (!number) throw new PermanentDeliveryError(`'${to}' is not a phone number an SMS can go to`);
  return number;
}

/** Statuses worth trying again: the provider is busy or down, or our credentials are being fixed. */
const isRetryableStatus = (status: number) =>
  status === 401 ||
  status === 403 ||
  status === 404 ||
  status === 408 ||
  status === 429 ||
  status >= 500;

/**
 * Twilio error codes answered with 400 that are no fault of the message: the sender's queue is full
 * (21611). Every other 400 is the message's own (21211 invalid 'To', 21610 unsubscribed recipient,
 * 21612 / 21614 not reachable by SMS, 21606 / 21212 bad 'From', 21408 region not enabled) and is
 * refused again on every attempt.
 */
const TWILIO_RETRYABLE_CODES = new Set([21611]);

/**
 * Twilio's Messages API: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To,
 * From (or MessagingServiceSid), Body and StatusCallback, with HTTP Basic auth (the account sid and
 * auth token, or an API key's sid and secret). 201 is taken; its `sid` is kept for reference.
 */
export function twilioChannel(
  options: TwilioConfig & { from: string; statusCallback: (key: string) => string },
): MessageChannel {
  const url = `${options.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = options.apiKey
    ? basic(options.apiKey.sid, options.apiKey.secret)
    : basic(options.accountSid, options.authToken);
  const sender = smsSender(options.from);
  return {
    kind: 'twilio',
    send: async (m) => {
      const form = new URLSearchParams({ To: destination(m.to) });
      if (options.messagingServiceSid) form.set('MessagingServiceSid', options.messagingServiceSid);
      else if (sender.kind === 'invalid') throw new PermanentDeliveryError(sender.reason);
      else form.set('From', sender.value);
      form.set('Body', m.body);
      form.set('StatusCallback', options.statusCallback(m.key));
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(10_000),
        // The credentials and the message go to Twilio's address only (decision 036).
        redirect: 'manual',
      });
      const body = await jsonOf(res);
      if (res.status === 200 || res.status === 201) {
        return typeof body?.sid === 'string' ? { providerId: body.sid } : {};
      }
      const code = typeof body?.code === 'number' ? body.code : null;
      const detail =
        code !== null ? ` (${code}: ${typeof body?.message === 'string' ? body.message : ''})` : '';
      const why = `Twilio answered ${res.status}${detail}`;
      if (res.status === 400 && !(code !== null && TWILIO_RETRYABLE_CODES.has(code)))
        throw new PermanentDeliveryError(why);
      throw new Error(why);
    },
  };
}

/**
 * MessageMedia's (Sinch) Messages API: POST /v1/messages with JSON {messages: [{content,
 * destination_number, source_number, source_number_type, callback_url, delivery_report, format}]}
 * and HTTP Basic auth (API key and secret). 202 is taken; the message's `message_id` is kept.
 * 400 (and 422) is the message's own fault and permanent; the source number type says whether the
 * sender is a number (INTERNATIONAL) or an alphanumeric id (ALPHANUMERIC).
 */
export function messageMediaChannel(
  options: MessageMediaConfig & { from: string; callbackUrl: (key: string) => string },
): MessageChannel {
  const url = `${options.apiUrl.replace(/\/$/, '')}/v1/messages`;
  const authorization = basic(options.apiKey, options.apiSecret);
  const sender = smsSender(options.from);
  return {
    kind: 'messagemedia',
    send: async (m) => {
      const to = destination(m.to);
      if (sender.kind === 'invalid') throw new PermanentDeliveryError(sender.reason);
      const message = {
        content: m.body,
        destination_number: to,
        source_number: sender.value,
        source_number_type: sender.kind === 'number' ? 'INTERNATIONAL' : 'ALPHANUMERIC',
        callback_url: options.callbackUrl(m.key),
        delivery_report: true,
        format: 'SMS',
      };
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({ messages: [message] }),
        signal: AbortSignal.timeout(10_000),
        redirect: 'manual',
      });
      const body = await jsonOf(res);
      if (res.status >= 200 && res.status < 300) {
        const sent = Array.isArray(body?.messages)
          ? (body.messages[0] as { message_id?: unknown } | undefined)
          : undefined;
        return typeof sent?.message_id === 'string' ? { providerId: sent.message_id } : {};
      }
      const details = Array.isArray(body?.details)
        ? body.details.filter((d): d is string => typeof d === 'string')
        : [];
      const text = [typeof body?.message === 'string' ? body.message : '', ...details]
        .filter(Boolean)
        .join(' ');
      const why = `MessageMedia answered ${res.status}${text ? ` (${text})` : ''}`;
      if (!isRetryableStatus(res.status) && res.status >= 400)
        throw new PermanentDeliveryError(why);
      throw new Error(why);
    },
  };
}
