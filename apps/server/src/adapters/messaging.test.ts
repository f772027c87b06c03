import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../test/test-app';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
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
    const received: { auth?: string; body: unknown }[] = [];
    const gateway = Fastify();
    let status = 202;
    gateway.post('/sms', async (request, reply) => {
      received.push({ auth: request.headers.authorization, body: request.body });
      return reply.status(status).send({ ok: status < 300 });
    });
    const address = await gateway.listen({ port: 0, host: '127.0.0.1' });
    try {
      const sms = httpSmsChannel(`${address}/sms`, 'secret-token', 'Outpost');
      await sms.send({ to: '0491570156', subject: 'ignored', body: 'Your code is 654321' });
      expect(received).toEqual([
        {
          auth: 'Bearer secret-token',
          body: { to: '0491570156', from: 'Outpost', body: 'Your code is 654321' },
        },
      ]);
      status = 500;
      await expect(sms.send({ to: '0491570156', subject: '', body: 'x' })).rejects.toThrow(
        'SMS gateway answered 500',
      );
    } finally {
      await gateway.close();
    }
  });
});

describe('SMTP channel', () => {
  it('delivers the message to the SMTP server named in the URL', async () => {
    const mails: { from: string | undefined; to: string[]; data: string }[] = [];
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
    const port = (server.server.address() as { port: number }).port;
    try {
      const mail = smtpChannel(
        `smtp://127.0.0.1:${port}?ignoreTLS=true`,
        'Outpost <noreply@example.com>',
      );
      await mail.send({ to: 'jo@example.com', subject: 'Your code', body: 'Your code is 246810.' });
      expect(mails).toHaveLength(1);
      expect(mails[0]!.from).toBe('noreply@example.com');
      expect(mails[0]!.to).toEqual(['jo@example.com']);
      expect(mails[0]!.data).toContain('Subject: Your code');
      expect(mails[0]!.data).toContain('Your code is 246810.');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
