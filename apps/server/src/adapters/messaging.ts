import { sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { outbox } from './messaging.schema';
import type { Push } from './push';
import { createPush } from './push-providers';
import { PermanentDeliveryError } from './delivery-error';
import type { MessageChannel, OutgoingMessage } from './message-channel';
import { messageMediaChannel, smsStatusCallback, twilioChannel } from './sms-providers';

/** Mail, SMS and push (docs/decisions/023, 027). */
export type Messaging = { email: MessageChannel; sms: MessageChannel; push: Push };

export type MessageKind = 'email' | 'sms';

/**
 * Queues a mail or SMS. Call it with the transaction of the change the message tells of: it is
 * sent after that transaction commits (by the job worker's outbox drainer), at least once and
 * with the same id on every attempt, and never when it rolls back (docs/decisions/027).
 */
export async function enqueueMessage(
  tx: Db,
  channel: MessageKind,
  message: OutgoingMessage,
): Promise<void> {
  await tx.insert(outbox).values({
    channel,
    to: message.to,
    subject: message.subject,
    body: message.body,
    status: 'pending',
  });
}

/** The embedded default: the outbox row is all there is to deliver. */
export function outboxChannel(): MessageChannel {
  return { kind: 'outbox', send: async () => {} };
}

/** The domain of a From address ('Outpost <noreply@example.com>' -> 'example.com'). */
function domainOf(from: string): string {
  const match = /@([^\s<>@]+?)>?\s*$/.exec(from);
  return match?.[1] ?? 'outpost.invalid';
}

/**
 * Mail over SMTP. Every attempt of one outbox row carries the same Message-ID (RFC 5322 3.6.4:
 * its key at the sender's domain), so a message sent again after its 'sent' could not be recorded
 * is recognisably the same one.
 */
export function smtpChannel(smtpUrl: string, from: string): MessageChannel {
  // nodemailer is loaded with the first mail (a web instance with jobs off sends none).
  let transport: Promise<Transporter> | undefined;
  const domain = domainOf(from);
  return {
    kind: 'smtp',
    send: async (m) => {
      transport ??= import('nodemailer').then(({ createTransport }) => createTransport(smtpUrl));
      await (
        await transport
      ).sendMail({
        from,
        to: m.to,
        subject: m.subject,
        text: m.body,
        messageId: `<${m.key}@${domain}>`,
      });
    },
  };
}

/**
 * A generic HTTP SMS gateway: POST JSON {to, from, body, reference} with a bearer token and the
 * message's key as Idempotency-Key (and as `reference`, the client reference most SMS APIs take);
 * 2xx is sent. Every attempt of one outbox row sends the same key.
 */
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
          'idempotency-key': m.key,
          ...(apiToken ? { authorization: `Bearer ${apiToken}` } : {}),
        },
        body: JSON.stringify({ to: m.to, from, body: m.body, reference: m.key }),
        signal: AbortSignal.timeout(10_000),
        // The token and the message go to the configured address only, never where a redirect
        // points (decision 036); a redirect is a failed attempt, retried like any other.
        redirect: 'manual',
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

/** The SMS channel configured (SMS_PROVIDER, docs/decisions/043). */
export function smsChannel(config: Pick<Config, 'sms' | 'publicUrl'>): MessageChannel {
  const sms = config.sms;
  switch (sms.provider) {
    case 'twilio':
      return twilioChannel({
        ...sms,
        statusCallback: (key) => smsStatusCallback(config.publicUrl, sms, key),
      });
    case 'messagemedia':
      return messageMediaChannel({
        ...sms,
        callbackUrl: (key) => smsStatusCallback(config.publicUrl, sms, key),
      });
    case 'http':
      return httpSmsChannel(sms.apiUrl, sms.apiToken, sms.from);
    case 'outbox':
      return outboxChannel();
  }
}

export function createMessaging(config: Config, db: Db): Messaging {
  return {
    email: config.mail.smtpUrl
      ? smtpChannel(config.mail.smtpUrl, config.mail.from)
      : outboxChannel(),
    sms: smsChannel(config),
    push: createPush(config, db),
  };
}

export type DrainDeps = {
  db: Db;
  clock: () => Date;
  messaging: Pick<Messaging, 'email' | 'sms'>;
  /** Attempts before a message is dead (default 8). */
  maxAttempts?: number;
  /** The first retry waits this long, each next one twice as long (default 30 s, at most 1 h). */
  backoffMs?: number;
  /** How long a claimed message is this sender's (default 2 minutes). */
  leaseMs?: number;
  onError?: (error: unknown, message: { id: number; channel: string; attempt: number }) => void;
  onDelivered?: (channel: string, outcome: 'sent' | 'failure' | 'dead') => void;
};

type Claimed = OutgoingMessage & {
  id: number;
  channel: MessageKind;
  attempts: number;
  message_key: string;
};

/**
 * Sends what the outbox holds, up to `batch` messages: each is claimed ('sending', a lease) by one
 * statement with SKIP LOCKED, so drainers racing on several instances never send one twice; a
 * message whose sender died mid-send, or whose 'sent' could not be written (a database fault), is
 * taken over when the lease runs out: delivery is at-least-once, and every attempt carries the
 * row's message_key (Message-ID, Idempotency-Key) so the provider can tell a repeat from a new
 * message (docs/decisions/027). A failure is retried with backoff; after the last attempt the
 * message is 'dead', as is at once a message the provider refused for good (PermanentDeliveryError,
 * docs/decisions/043). Answers the messages tried.
 */
export async function drainOutbox(deps: DrainDeps, batch = 20): Promise<number> {
  const now = deps.clock();
  const maxAttempts = deps.maxAttempts ?? 8;
  const claimed = await queryRows<Claimed>(
    deps.db,
    sql`update outbox set status = 'sending', attempts = attempts + 1,
               locked_until = ${new Date(now.getTime() + (deps.leaseMs ?? 120_000))}
         where id in (
           select id from outbox
            where channel in ('email', 'sms')
              and ((status = 'pending' and (next_attempt_at is null or next_attempt_at <= ${now}))
                   or (status = 'sending' and locked_until < ${now}))
            order by id
            limit ${batch}
            for update skip locked)
        returning id, channel, "to", subject, body, attempts, message_key`,
  );
  claimed.sort((a, b) => a.id - b.id);
  for (const m of claimed) {
    const fence = sql`id = ${m.id} and attempts = ${m.attempts} and status = 'sending'`;
    try {
      const sent = await deps.messaging[m.channel].send({
        to: m.to,
        subject: m.subject,
        body: m.body,
        key: m.message_key,
      });
      await deps.db.execute(sql`update outbox set status = 'sent', sent_at = ${deps.clock()},
          locked_until = null, last_error = null,
          provider_message_id = ${sent?.providerId ?? null} where ${fence}`);
      deps.onDelivered?.(m.channel, 'sent');
    } catch (error) {
      // A permanent refusal is dead at once: the next attempt would be refused the same way.
      const dead = m.attempts >= maxAttempts || error instanceof PermanentDeliveryError;
      const delay = Math.min((deps.backoffMs ?? 30_000) * 2 ** (m.attempts - 1), 3_600_000);
      const message = error instanceof Error ? error.message : String(error);
      await deps.db.execute(sql`update outbox
          set status = ${dead ? 'dead' : 'pending'}, locked_until = null,
              next_attempt_at = ${new Date(deps.clock().getTime() + delay)},
              last_error = ${message.slice(0, 2000)}
          where ${fence}`);
      deps.onError?.(error, { id: m.id, channel: m.channel, attempt: m.attempts });
      deps.onDelivered?.(m.channel, dead ? 'dead' : 'failure');
    }
  }
  return claimed.length;
}

/** Puts a dead message back in the outbox with fresh attempts. */
export async function retryDeadMessage(db: Db, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update outbox set status = 'pending', attempts = 0, next_attempt_at = null
         where id = ${id} and status = 'dead' returning id`,
  );
  return rows.length > 0;
}

/** Unsent and dead messages by channel and status (for /metrics). */
export async function outboxDepth(
  db: Db,
): Promise<{ channel: string; status: string; n: number }[]> {
  return queryRows(
    db,
    sql`select channel, status, count(*)::int as n from outbox
         where status in ('pending', 'sending', 'dead') group by channel, status`,
  );
}
