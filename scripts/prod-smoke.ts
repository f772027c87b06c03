/**
 * The production smoke check (issue 34; docs/decisions/034, 048), run by CI on the release and by
 * `npm run smoke:prod`. It starts the server with NODE_ENV=production, from the release folder
 * SMOKE_RELEASE names with plain node (`node dist/server.js`, as a container does), or without it
 * from the sources as `npm start` does, twice:
 *
 * 1. bare (nothing else set): the process must exit non-zero, naming every variable production
 *    needs;
 * 2. fully configured: a fresh PostgreSQL database, an SMTP sink (smtp-server), the Stripe fake
 *    (apps/server/src/adapters/payments/stripe-fake.test-helper.ts), an SMS sink (a local HTTP
 *    listener), SEED=demo and every secret set. The fake is Stripe's test mode, so PAYMENTS=sandbox
 *    is the one payments opt-in (and the test-site banner must show); PUSH=outbox (no FCM or VAPID
 *    here). Then, through HTTP: the banner on the page, the demo and docs routes off, a demo
 *    customer logs in and loads the dashboard, saves a card and pays with it (the money reaches
 *    the ledger), and "Can't login?" by email and by SMS delivers a code to the sinks. The portal
 *    runs with JOBS=off beside a worker process (`server.js worker`), which sends that mail and SMS.
 *
 * It starts everything itself, stops it all at the end (the database is dropped), prints
 * 'N passed, N failed' and exits non-zero on any failure.
 *
 * SMOKE_ADMIN_URL: a PostgreSQL URL allowed to create databases (default: CI's local server).
 * SMOKE_PORT: the portal's port (default 3130); the worker's health port is the next one.
 * SMOKE_REDIS_URL: a Redis database for the rate limits (default none: kept in PostgreSQL).
 * SMOKE_RELEASE: a release folder (scripts/release.sh) to run instead of the sources.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { apiPaths, devPaths } from '@outpost/contracts/api-paths';
import { messages } from '@outpost/contracts/messages';
import { startFakeStripe } from '../apps/server/src/adapters/payments/stripe-fake.test-helper';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_URL = process.env.SMOKE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT = Number(process.env.SMOKE_PORT ?? 3130);
const REDIS_URL = process.env.SMOKE_REDIS_URL;
const RELEASE = process.env.SMOKE_RELEASE ? path.resolve(process.env.SMOKE_RELEASE) : null;
const BASE = `http://127.0.0.1:${PORT}`;
const DEMO_PASSWORD = 'Outpost-demo-1';
const HOLDER = { username: 'holder', email: 'jordan.citizen@example.com', mobile: '0491570156' };

/** What production must name when started bare (docs/decisions/034). */
const REQUIRED_NAMES = [
  'STRIPE_SECRET_KEY',
  'PAYMENTS=sandbox',
  'SMTP_URL',
  'MAIL=outbox',
  'SMS_PROVIDER',
  'SMS_API_URL',
  'SMS=outbox',
  'FCM_SERVICE_ACCOUNT',
  'VAPID_PUBLIC_KEY',
  'PUSH=outbox',
  'DATABASE_URL',
  'DATABASE=embedded',
  'PUBLIC_URL',
  'STAFF_LINK_SECRET',
];

let passed = 0;
let failed = 0;
const say = (line: string) => console.log(`[smoke] ${line}`);

async function check(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
    passed += 1;
    say(`ok   ${name}`);
  } catch (error) {
    failed += 1;
    say(`FAIL ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it answers something, for at most `ms`. */
async function waitFor<T>(what: string, ms: number, probe: () => T | undefined): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: nothing within ${ms / 1000} s`);
    await sleep(100);
  }
}

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/**
 * The server with only `env` (and PATH, HOME): the release's `node dist/server.js [mode]` in its
 * folder, or the sources as `npm run start -w @outpost/server` runs them.
 */
function startServer(env: Record<string, string>, mode: 'web' | 'worker' = 'web'): Server {
  const [args, cwd] = RELEASE
    ? [[path.join(RELEASE, 'dist/server.js'), mode], RELEASE]
    : [['--import', 'tsx', 'apps/server/src/server.ts', mode], repoRoot];
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output, exited };
}

/** SIGTERM (SIGKILL after 15 s); answers the exit code. */
async function stopServer(server: Server): Promise<number | null> {
  if (server.child.exitCode !== null || server.child.signalCode !== null)
    return server.child.exitCode;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  const code = await server.exited;
  clearTimeout(timer);
  return code;
}

type Answer = { status: number; body: string; json: () => { data: Record<string, unknown> } };

async function call(
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer & { headers: Headers }> {
  const res = await fetch(`${BASE}${url}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(options.token ? { 'x-user-token': options.token } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const body = await res.text();
  return { status: res.status, body, headers: res.headers, json: () => JSON.parse(body) };
}

/** The answer's data; fails unless the status is 200. */
async function ok<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<T> {
  const res = await call(method, url, options);
  assert(res.status === 200, `${method} ${url} answered ${res.status}: ${res.body.slice(0, 300)}`);
  return res.json().data as T;
}

async function bare(): Promise<void> {
  await check('bare production exits non-zero, naming every variable it needs', async () => {
    const server = startServer({ NODE_ENV: 'production', PORT: String(PORT), HOST: '127.0.0.1' });
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 60_000);
    const code = await server.exited;
    clearTimeout(timer);
    const output = server.output();
    assert(code !== 0 && code !== null, `exit code ${code}; output:\n${output}`);
    const missing = REQUIRED_NAMES.filter((name) => !output.includes(name));
    assert(missing.length === 0, `not named: ${missing.join(', ')}; output:\n${output}`);
    assert(!output.includes('Outpost is running'), 'it started anyway');
    say(`exit ${code}, it said:\n${output.trim().replace(/^/gm, '       ')}`);
  });
}

async function configured(): Promise<void> {
  const database = `outpost_smoke_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(ADMIN_URL);
  databaseUrl.pathname = `/${database}`;

  // The mail sink: plain SMTP on a local port, every message kept.
  const mails: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  // The SMS sink: the HTTP gateway's JSON {to, from, body}, with its bearer token.
  const smsToken = randomBytes(16).toString('hex');
  const texts: { to: string; body: string; authorised: boolean }[] = [];
  const sms = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const message = JSON.parse(raw) as { to: string; body: string };
      texts.push({
        ...message,
        authorised: request.headers.authorization === `Bearer ${smsToken}`,
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"sms-1"}');
    });
  });
  await new Promise<void>((resolve) => sms.listen(0, '127.0.0.1', resolve));
  const smsPort = (sms.address() as AddressInfo).port;

  const stripe = await startFakeStripe();
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl.toString(),
    SEED: 'demo',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMS_API_URL: `http://127.0.0.1:${smsPort}/messages`,
    SMS_API_TOKEN: smsToken,
    STRIPE_SECRET_KEY: 'sk_test_smokeSecretKey',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_smokePublishableKey',
    STRIPE_WEBHOOK_SECRET: 'whsec_smokeWebhookSecret',
    STRIPE_API_URL: stripe.url,
    // The Stripe fake is test mode: no real money, so the one payments opt-in (and the banner).
    PAYMENTS: 'sandbox',
    PUSH: 'outbox',
    PUBLIC_URL: 'https://portal.smoke.example',
    STAFF_LINK_SECRET: randomBytes(32).toString('hex'),
    METRICS_TOKEN: randomBytes(24).toString('hex'),
    INTERNAL_API_KEY: randomBytes(32).toString('hex'),
    JOBS_POLL_MS: '200',
    ...(REDIS_URL ? { REDIS_URL } : {}),
  };
  // The portal runs no jobs; the worker (its own process, started second) sends every message.
  const server = startServer({ ...env, JOBS: 'off' });
  const worker = startServer({ ...env, PORT: String(PORT + 1) }, 'worker');

  try {
    await check('fully configured production starts, the portal and the worker ready', async () => {
      const deadline = Date.now() + 120_000;
      for (const [instance, base] of [
        [server, BASE],
        [worker, `http://127.0.0.1:${PORT + 1}`],
      ] as const) {
        for (;;) {
          assert(instance.child.exitCode === null, `exited:\n${instance.output()}`);
          const ready = await fetch(`${base}${apiPaths.healthReady}`).then(
            (r) => r.status,
            () => 0,
          );
          if (ready === 200) break;
          assert(Date.now() < deadline, `not ready within 120 s:\n${instance.output()}`);
          await sleep(250);
        }
      }
    });

    await check('every page says payments are not real (PAYMENTS=sandbox)', async () => {
      for (const url of ['/', '/login']) {
        const res = await call('GET', url);
        assert(res.status === 200, `${url} answered ${res.status}`);
        assert(res.body.includes(messages.billing.testSite), `${url} has no test-site banner`);
        assert(
          res.headers.get('permissions-policy')?.includes('camera=()'),
          'no Permissions-Policy',
        );
      }
    });

    await check(
      'the development outbox, the API docs and the sandbox routes answer 404',
      async () => {
        for (const url of [devPaths.outboxPage, '/api/docs', '/api/docs/json']) {
          const res = await call('GET', url);
          assert(res.status === 404, `${url} answered ${res.status}`);
        }
        const sandbox = await call(
          'POST',
          apiPaths.sandboxConfirmPayment.replace(':intent', 'pi_abcdefghijkl'),
          { body: { client_secret: 'pi_abcdefghijkl_secret_x' } },
        );
        assert(sandbox.status === 404, `the sandbox confirm answered ${sandbox.status}`);
      },
    );

    let token = '';
    await check('a demo customer logs in and loads the dashboard', async () => {
      const login = await ok<{ tokens: { type: string; token: string }[] }>(
        'POST',
        apiPaths.login,
        { body: { username: HOLDER.username, password: DEMO_PASSWORD } },
      );
      token = login.tokens.find((t) => t.type === 'USER')?.token ?? '';
      assert(token, 'no USER token');
      const dashboard = await ok('GET', apiPaths.dashboard, { token });
      assert(Object.keys(dashboard).length > 0, 'an empty dashboard');
      const init = await ok<{ mode: string }>('GET', apiPaths.gatewayInit, { token });
      assert(init.mode === 'stripe', `gateway mode ${init.mode}`);
    });

    await check(
      'the customer saves a card and pays $12.34 with it: charged once, in the ledger',
      async () => {
        const prepared = await ok<{
          addPaymentMethodInitData: { id: number; csrf: string };
          setupIntent: { id: string; client_secret: string };
        }>('GET', `${apiPaths.prepareAddPaymentMethod}?paymentMethodType=card`, { token });
        // What Stripe.js does in the browser: the card is confirmed at Stripe.
        stripe.succeedSetup(prepared.setupIntent.id, 'pm_card_visa');
        const saved = await ok<{ status: string }>('POST', apiPaths.commitAddCard, {
          token,
          body: {
            id: prepared.addPaymentMethodInitData.id,
            csrf: prepared.addPaymentMethodInitData.csrf,
            stripe_si: prepared.setupIntent.id,
            stripe_si_secret: prepared.setupIntent.client_secret,
            stripe_pm: 'pm_card_visa',
            stripe_status: 'succeeded',
          },
        });
        assert(saved.status === 'Approved', `saving the card: ${JSON.stringify(saved)}`);
        const charges = stripe.charges();
        const pay = await ok<{ csrf: string; error: string | null }>(
          'POST',
          apiPaths.existingCardPrepare,
          { token, body: {} },
        );
        assert(pay.error === null, `prepare: ${pay.error}`);
        const paid = await ok<{ ok: boolean; payment: { amount: number; stripe_status: string } }>(
          'POST',
          apiPaths.existingCardCommit,
          { token, body: { csrf: pay.csrf, amount: 12.34 } },
        );
        assert(paid.ok && paid.payment.amount === 1234, `commit: ${JSON.stringify(paid)}`);
        assert(stripe.charges() === charges + 1, `${stripe.charges() - charges} charges at Stripe`);
        const ledger = await ok<unknown>('GET', apiPaths.transactions, { token });
        const rows = (Array.isArray(ledger) ? ledger : Object.values(ledger as object).flat()) as {
          type?: string;
          amount?: number;
        }[];
        assert(
          rows.some((r) => r.type === 'Payment' && r.amount === -1234),
          'no payment of -1234 cents in the transactions',
        );
      },
    );

    const recover = async (contact: Record<string, string>) => {
      const prepared = await ok<{ csrf: string }>('POST', apiPaths.recoverRequestPrepare, {
        body: contact,
      });
      await ok('POST', apiPaths.recoverRequestCommit, {
        body: { ...contact, csrf: prepared.csrf },
      });
    };

    await check('"Can\'t login?" by email: the code arrives at the SMTP sink', async () => {
      await recover({ method: 'email', email: HOLDER.email });
      const mail = await waitFor('recovery mail', 30_000, () =>
        mails.find((m) => m.to.includes(HOLDER.email)),
      );
      assert(/\b[0-9]{6}\b/.test(mail.raw), 'no 6-digit code in the mail');
    });

    await check('"Can\'t login?" by SMS: the code arrives at the SMS sink', async () => {
      await recover({ method: 'sms', mobile: HOLDER.mobile });
      const text = await waitFor('recovery SMS', 30_000, () =>
        texts.find((t) => t.to.replace(/\D/g, '').endsWith(HOLDER.mobile.slice(1))),
      );
      assert(text.authorised, 'the SMS gateway was called without its bearer token');
      assert(/\b[0-9]{6}\b/.test(text.body), 'no 6-digit code in the SMS');
    });
    await check('the worker answers health and serves no portal', async () => {
      const workerUrl = `http://127.0.0.1:${PORT + 1}`;
      const live = await fetch(`${workerUrl}${apiPaths.healthLive}`);
      assert(live.status === 200, `worker liveness answered ${live.status}`);
      const login = await fetch(`${workerUrl}${apiPaths.login}`, { method: 'POST' });
      assert(login.status === 404, `the worker answered a login with ${login.status}`);
    });

    await check('SIGTERM: the portal and the worker exit 0', async () => {
      const codes = await Promise.all([stopServer(server), stopServer(worker)]);
      assert(
        codes.every((code) => code === 0),
        `exit codes ${codes.join(', ')}:\n${server.output()}\n${worker.output()}`,
      );
    });
  } finally {
    await stopServer(server);
    await stopServer(worker);
    await stripe.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await new Promise<void>((resolve) => sms.close(() => resolve()));
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    await admin.end();
  }
}

const started = Date.now();
await bare();
await configured().catch((error: unknown) => {
  failed += 1;
  say(`FAIL setting up the configured run: ${String(error)}`);
});
say(`${passed} passed, ${failed} failed (${Math.round((Date.now() - started) / 1000)} s)`);
process.exit(failed === 0 ? 0 : 1);
