import { createTransport } from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { outbox } from './messaging.schema';
import type { Push } from './push';
import { createPush } from './push';

export type OutgoingMessage = { to: string; subject: string; body: string };

/** One channel (mail or SMS): a real client when configured, else the outbox table. */
export type MessageChannel = {
  kind: 'outbox' | 'smtp' | 'http-sms';
  send: (message: OutgoingMessage) => Promise<void>;
};

/** Mail, SMS and push (docs/decisions/023): what modules send after their transaction commits. */
export type Messaging = { email: MessageChannel; sms: MessageChannel; push: Push };

export function outboxChannel(db: Db, channel: 'email' | 'sms'): MessageChannel {
  return {
    kind: 'outbox',
    send: async (m) => {
      await db.insert(outbox).values({ channel, to: m.to, subject: m.subject, body: m.body });
    },
  };
}

export function smtpChannel(smtpUrl: string, from: string): MessageChannel {
  const transport = createTransport(smtpUrl);
  return {
    kind: 'smtp',
    send: async (m) => {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.body });
    },
  };
}

/** A generic HTTP SMS gateway: POST JSON {to, from, body} with a bearer token; 2xx is sent. */
export function httpSmsChannel(
  apiUrl: string,
  apiToken: string | undefined,
  from: string,
): MessageChannel {
  return {
    kind: 'http-sms',
    send: async (m) => {
      const res = await fetch(apiUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(apiToken ? { authorization: `Bearer ${apiToken}` } : {}),
        },
        body: JSON.stringify({ to: m.to, from, body: m.body }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

export function createMessaging(config: Config, db: Db): Messaging {
  return {
    email: config.mail.smtpUrl
      ? smtpChannel(config.mail.smtpUrl, config.mail.from)
      : outboxChannel(db, 'email'),
    sms: config.sms.apiUrl
      ? httpSmsChannel(config.sms.apiUrl, config.sms.apiToken, config.sms.from)
      : outboxChannel(db, 'sms'),
    push: createPush(config, db),
  };
}
