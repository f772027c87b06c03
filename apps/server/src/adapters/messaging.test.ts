import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/client';
import { openTestDatabase } from '../test/test-app';
import { SMTPServer } from 'smtp-server';
import { eq, inArray, sql } from 'drizzle-orm';
import type { ChannelMessage } from './message-channel';
import {
  drainOutbox,
  enqueueMessage,
  httpSmsChannel,
  outboxChannel,
  smtpChannel,
} from './messaging';
import { outbox } from './messaging.schema';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

describe('outbox (embedded default)', () => {
  it('keeps what modules queue, and the embedded channel marks it sent', async () => {
    const db = database.db;
    await enqueueMessage(db, 'email', { to: 'a@example.com', subject: 'Hi', body: 'Code 123456' });
    const queued = (await db.select().from(outbox)).at(-1);
    expect(queued).toMatchObject({
      channel: 'email',
      to: 'a@example.com',
      subject: 'Hi',
      body: 'Code 123456',
      status: 'pending',
    });
    const now = new Date('2026-11-21T00:00:00Z');
    const messaging = { email: outboxChannel(), sms: outboxChannel() };
    expect(await drainOutbox({ db, clock: () => now, messaging })).toBe(1);
    const [sent] = await db.select().from(outbox).where(eq(outbox.id, queued!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, sentAt: now });
  });
});

describe('HTTP SMS channel', () => {
  it('posts the message to the gateway with its token and fails on a refusal', async () => {
    const received: { auth?: string; key: unknown; body: unknown }[] = [];
    const gateway = Fastify();
    let status = 202;
    gateway.post('/sms', async (request, reply) => {
      received.push({
        auth: request.headers.authorization,
        key: request.headers['idempotency-key'],
        body: request.body,
      });
      return reply.status(status).send({ ok: status < 300 });
    });
    const address = await gateway.listen({ port: 0, host: '127.0.0.1' });
    try {
      const sms = httpSmsChannel(`${address}/sms`, 'secret-token', 'Outpost');
      await sms.send({
        to: '0491570156',
        subject: 'ignored',
        body: 'Your code is 654321',
        key: 'a6d1f5b2-3c4e-4f60-8a9b-0c1d2e3f4a5b',
      });
      expect(received).toEqual([
        {
          auth: 'Bearer secret-token',
          key: 'a6d1f5b2-3c4e-4f60-8a9b-0c1d2e3f4a5b',
          body: {
            to: '0491570156',
            from: 'Outpost',
            body: 'Your code is 654321',
            reference: 'a6d1f5b2-3c4e-4f60-8a9b-0c1d2e3f4a5b',
          },
        },
      ]);
      status = 500;
      await expect(
        sms.send({ to: '0491570156', subject: '', body: 'x', key: 'k' }),
      ).rejects.toThrow('SMS gateway answered 500');
    } finally {
      await gateway.close();
    }
  });

  it('never follows a redirect: the token and the message go to the configured address only', async () => {
    const elsewhere: unknown[] = [];
    const gateway = Fastify();
    gateway.post('/sms', async (_request, reply) => reply.redirect('/collect', 307));
    gateway.post('/collect', async (request) => {
      elsewhere.push(request.headers.authorization);
      return { ok: true };
    });
    const address = await gateway.listen({ port: 0, host: '127.0.0.1' });
    try {
      const sms = httpSmsChannel(`${address}/sms`, 'secret-token', 'Outpost');
      await expect(
        sms.send({ to: '0491570156', subject: '', body: 'Your code is 654321', key: 'k' }),
      ).rejects.toThrow('SMS gateway answered 307');
      expect(elsewhere).toEqual([]);
    } finally {
      await gateway.close();
    }
  });
});

type SinkMail = { from: string | undefined; to: string[]; data: string };

/** A local SMTP server that keeps every mail it is given (envelope and raw data). */
async function startSmtpSink() {
  const mails: SinkMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    mails,
    port: (server.server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('SMTP channel', () => {
  it('delivers the message to the SMTP server named in the URL', async () => {
    const sink = await startSmtpSink();
    const { mails, port } = sink;
    try {
      const mail = smtpChannel(
        `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        'Outpost <noreply@example.com>',
      );
      await mail.send({
        to: 'jo@example.com',
        subject: 'Your code',
        body: 'Your code is 246810.',
        key: 'b7e2a6c3-4d5f-4a71-9bac-1d2e3f4a5b6c',
      });
      expect(mails).toHaveLength(1);
      expect(mails[0]!.from).toBe('noreply@example.com');
      expect(mails[0]!.to).toEqual(['jo@example.com']);
      expect(mails[0]!.data).toContain('Subject: Your code');
      expect(mails[0]!.data).toContain('Your code is 246810.');
      expect(mails[0]!.data).toContain(
        'Message-ID: <b7e2a6c3-4d5f-4a71-9bac-1d2e3f4a5b6c@example.com>',
      );
    } finally {
      await sink.close();
    }
  });
});

/** A database that fails every statement while `down` (a fault right after the provider took it). */
function faultyDb(db: Db, state: { down: boolean }): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'execute')
        return (...args: unknown[]) => {
          if (state.down) return Promise.reject(new Error('Connection terminated unexpectedly'));
          return (target.execute as (...a: unknown[]) => Promise<unknown>)(...args);
        };
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

describe('a delivery whose "sent" cannot be recorded', () => {
  it('is sent again after the lease with the same Message-ID and the same SMS Idempotency-Key', async () => {
    const db = database.db;
    const sink = await startSmtpSink();
    const texts: { key: unknown; reference: unknown }[] = [];
    const smsGateway = Fastify();
    smsGateway.post('/sms', async (request) => {
      texts.push({
        key: request.headers['idempotency-key'],
        reference: (request.body as { reference?: unknown }).reference,
      });
      return { ok: true };
    });
    const smsUrl = await smsGateway.listen({ port: 0, host: '127.0.0.1' });
    const state = { down: false };
    const email = smtpChannel(
      `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`,
      'Outpost <noreply@outpost.example>',
    );
    const sms = httpSmsChannel(`${smsUrl}/sms`, undefined, 'Outpost');
    // The database goes away just after each provider took the message.
    const messaging = {
      email: { ...email, send: async (m: ChannelMessage) => email.send(m).then(down) },
      sms: { ...sms, send: async (m: ChannelMessage) => sms.send(m).then(down) },
    };
    function down() {
      state.down = true;
    }
    try {
      // Nothing else waiting: only these two go out.
      await db.execute(sql`update outbox set status = 'sent' where status <> 'sent'`);
      await enqueueMessage(db, 'email', {
        to: 'casey@example.com',
        subject: 'Your code',
        body: 'Your code is 135790.',
      });
      await enqueueMessage(db, 'sms', { to: '0491570157', subject: '', body: 'Code 135790' });
      const rows = await db
        .select()
        .from(outbox)
        .where(inArray(outbox.to, ['casey@example.com', '0491570157']));
      const keyOf = (to: string) => rows.find((r) => r.to === to)!.messageKey;

      const start = new Date('2026-11-27T10:00:00Z');
      const faulty = { db: faultyDb(db, state), messaging };
      // Each send is taken by its provider, then neither 'sent' nor the failure can be written.
      await expect(drainOutbox({ ...faulty, clock: () => start }, 1)).rejects.toThrow(
        'Connection terminated',
      );
      state.down = false;
      await expect(drainOutbox({ ...faulty, clock: () => start }, 1)).rejects.toThrow(
        'Connection terminated',
      );
      state.down = false;
      expect(sink.mails).toHaveLength(1);
      expect(texts).toHaveLength(1);

      // The database is back; the claims' leases (2 minutes) run out and both are sent again.
      const later = new Date(start.getTime() + 3 * 60_000);
      expect(await drainOutbox({ db, clock: () => later, messaging: { email, sms } })).toBe(2);
      expect(sink.mails).toHaveLength(2);
      const ids = sink.mails.map((m) => /^Message-ID: (.*)$/im.exec(m.data)?.[1]);
      expect(ids).toEqual([
        `<${keyOf('casey@example.com')}@outpost.example>`,
        `<${keyOf('casey@example.com')}@outpost.example>`,
      ]);
      expect(texts).toEqual([
        { key: keyOf('0491570157'), reference: keyOf('0491570157') },
        { key: keyOf('0491570157'), reference: keyOf('0491570157') },
      ]);
      const after = await db
        .select({ status: outbox.status, attempts: outbox.attempts })
        .from(outbox)
        .where(inArray(outbox.to, ['casey@example.com', '0491570157']));
      expect(after).toEqual([
        { status: 'sent', attempts: 2 },
        { status: 'sent', attempts: 2 },
      ]);
    } finally {
      await smsGateway.close();
      await sink.close();
    }
  });
});
