import type { FastifyPluginAsync } from 'fastify';
import { devPaths } from '@outpost/contracts/api-paths';
import type { Db } from '../../db/client';
import { escapeHtml } from '../../lib/html';
import { latestOutbox } from './outbox.service';

/**
 * Development only (never registered when NODE_ENV=production): what the outbox "sent", so
 * codes and links can be read without a mail or SMS provider. Tests read the JSON.
 */
export const devOutboxModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const latest = () => latestOutbox(db);

  app.get(devPaths.outboxJson, { schema: { hide: true } }, async () => ({
    data: (await latest()).map((m) => ({
      id: m.id,
      channel: m.channel,
      to: m.to,
      subject: m.subject,
      body: m.body,
      created_at: m.createdAt.toISOString(),
      // 'pending' until the job worker hands it over (decision 027), then 'sent' (or 'dead').
      status: m.status,
    })),
  }));

  app.get(devPaths.outboxPage, { schema: { hide: true } }, async (_request, reply) => {
    const rows = (await latest())
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.createdAt.toISOString())}</td><td>${escapeHtml(m.channel)}${m.status === 'sent' ? '' : ` (${escapeHtml(m.status)})`}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.subject ?? '')}</td><td><pre>${escapeHtml(m.body)}</pre></td></tr>`,
      )
      .join('');
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Outbox (development)</title><style>body{font:16px system-ui;margin:1rem}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.4rem;vertical-align:top;text-align:left}pre{white-space:pre-wrap;margin:0}</style></head><body><main><h1>Outbox (development only)</h1><p>Mail, SMS and push notifications the portal would have sent. Newest first; the last 100.</p><table><thead><tr><th>Sent (UTC)</th><th>Channel</th><th>To</th><th>Subject</th><th>Message</th></tr></thead><tbody>${rows || '<tr><td colspan="5">Nothing sent yet.</td></tr>'}</tbody></table></main></body></html>`,
      );
  });
};
