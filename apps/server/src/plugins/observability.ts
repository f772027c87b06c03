import { randomUUID } from 'node:crypto';
import { sameSecret } from '../lib/tokens';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { HttpMetrics } from './http-metrics';
import type { Database } from '../db/client';

/**
 * Operations (docs/decisions/024): a request id on every log line and response, and Prometheus
 * metrics at /metrics behind a bearer token (absent without one).
 */

/** An incoming X-Request-Id is kept when it is a plain token (a load balancer's); else a UUID. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdOf(request: { headers: Record<string, unknown> }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The metrics one process exposes (a registry per app, so tests build several apps). */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'outpost_' });
  const http = new HttpMetrics();
  http.register(registry);
  return {
    registry,
    /** Requests, 5xx answers and time to answer, by route (http-metrics.ts). */
    http,
    logins: new Counter({
      name: 'outpost_logins_total',
      help: 'Password logins, by outcome (success; failure: refused or a code asked for; other)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: 'outpost_job_runs_total',
      help: 'Background job rounds, by outcome',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    jobFailures: new Counter({
      name: 'outpost_job_failures_total',
      help: 'Failed job runs of this instance, by job and whether it was the last attempt (dead)',
      labelNames: ['name', 'final'] as const,
      registers: [registry],
    }),
    jobQueue: new Gauge({
      name: 'outpost_job_queue_jobs',
      help: 'Job runs in the queue (all instances), by job and state (pending, running, dead)',
      labelNames: ['name', 'state'] as const,
      registers: [registry],
    }),
    outbox: new Gauge({
      name: 'outpost_outbox_messages',
      help: 'Mail and SMS not yet sent (all instances), by channel and status (pending, sending, dead)',
      labelNames: ['channel', 'status'] as const,
      registers: [registry],
    }),
    outboxDeliveries: new Counter({
      name: 'outpost_outbox_deliveries_total',
      help: 'Outbox send attempts of this instance, by channel and outcome (sent, failure, dead)',
      labelNames: ['channel', 'outcome'] as const,
      registers: [registry],
    }),
    ticketsOverdue: new Gauge({
      name: 'outpost_tickets_overdue',
      help: 'Tickets past their due time and with the desk (not waiting on the customer, not resolved)',
      registers: [registry],
    }),
    ticketSlaBreaches: new Counter({
      name: 'outpost_ticket_sla_breaches_total',
      help: 'Tickets that missed their due time, counted once per due time when the breach job first finds them',
      registers: [registry],
    }),
    pool: new Gauge({
      name: 'outpost_db_pool_connections',
      help: 'PostgreSQL pool connections, by state (total, idle, waiting requests)',
      labelNames: ['state'] as const,
      registers: [registry],
    }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/** A route's pattern for labels: never the raw URL (ids would make a series per customer). */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

export type ObservabilityOptions = {
  metrics: Metrics;
  database: Database;
  /** The bearer token /metrics needs; without one, /metrics answers 404. */
  metricsToken: string | null;
  /** The login route's path (its answers count logins and failures). */
  loginPath: string;
  /** Reads what a scrape shows from the database (the job queue and outbox; decision 027). */
  collect?: () => Promise<void>;
};

async function observability(app: FastifyInstance, options: ObservabilityOptions) {
  const { metrics, database, metricsToken, loginPath, collect } = options;

  // Plain callback hooks, as the others on every request: an async hook costs a promise and a
  // turn of the microtask queue each time (issue 38).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request);
    const status = reply.statusCode;
    metrics.http.record(request.method, route, status, reply.elapsedTime / 1000);
    if (route === loginPath && request.method === 'POST') {
      const outcome =
        status === 200 ? 'success' : status === 401 || status === 400 ? 'failure' : 'other';
      metrics.logins.inc({ outcome });
    }
    done();
  });

  app.route({
    method: 'GET',
    url: '/metrics',
    // Not an API route: no envelope, never in the API docs.
    schema: { hide: true },
    handler: async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!metricsToken) return reply.code(404).send({ data: { error: 'Not found' } });
      if (!sameSecret(given, metricsToken)) {
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer')
          .send({ data: { error: 'Invalid request: a metrics token is needed.' } });
      }
      const pool = database.poolStats?.();
      if (pool) {
        metrics.pool.set({ state: 'total' }, pool.total);
        metrics.pool.set({ state: 'idle' }, pool.idle);
        metrics.pool.set({ state: 'waiting' }, pool.waiting);
      }
      await collect?.();
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics());
    },
  });
}

export const observabilityPlugin = fp(observability, { name: 'observability' });
