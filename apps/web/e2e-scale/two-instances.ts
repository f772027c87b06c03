/**
 * The two-instance run's server side (playwright.scale.config.ts starts it; docs/decisions/029):
 * a fresh PostgreSQL database, two portals started at the same moment on it and on one Redis
 * (so their start-ups race to migrate and seed it), and a small load balancer in front that sends
 * the browser's requests to A and B in turn, naming the one that answered in `x-outpost-instance`.
 * Both run with JOBS=off; one worker process (`server.js worker`, on the port after B's) runs the
 * jobs and sends the mail (docs/decisions/048). It listens only once all three are ready. SIGTERM or SIGINT stops the portals (gracefully)
 * and drops the database.
 *
 * E2E_SCALE_DATABASE_URL: a PostgreSQL URL allowed to create databases (default CI's local one).
 * E2E_SCALE_REDIS_URL: a Redis database of the run's own (default redis://127.0.0.1:6379/9). It is
 * emptied first, so counters left by an earlier run (login limits last 15 minutes) do not count.
 * E2E_SCALE_RELEASE: a release folder (scripts/release.sh): its compiled server runs with plain
 * node (the web app is still this checkout's e2e build); unset, the sources run with tsx.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  INSTANCES,
  type InstanceName,
  PROXY_PORT,
  SCALE_INTERNAL_API_KEY,
  SERVED_BY,
} from './ports';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const adminUrl = process.env.E2E_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.E2E_SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const HOUR_MS = 3_600_000;
const database = `outpost_scale_${Date.now()}`;

const log = (line: string) => process.stderr.write(`[two-instances] ${line}\n`);

function sql(statement: string): string {
  return execFileSync('psql', [adminUrl, '-qAtc', statement], { encoding: 'utf8' });
}

function databaseUrl(name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** FLUSHDB on the run's Redis database, in Redis's own protocol (no client library needed). */
function emptyRedis(url: string): Promise<void> {
  const u = new URL(url);
  const index = u.pathname.slice(1) || '0';
  const command = (...args: string[]) =>
    `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(u.port || 6379), u.hostname);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += String(chunk);
      if ((answer.match(/\r\n/g) ?? []).length >= 2) {
        socket.end();
        if (answer.startsWith('+OK\r\n+OK\r\n')) resolve();
        else reject(new Error(`Redis refused: ${answer.trim()}`));
      }
    });
    socket.on('error', reject);
    socket.write(command('SELECT', index) + command('FLUSHDB'));
  });
}

const release = process.env.E2E_SCALE_RELEASE ? path.resolve(process.env.E2E_SCALE_RELEASE) : null;
type ProcessName = InstanceName | 'worker';
const PORTS: Record<ProcessName, number> = { ...INSTANCES, worker: INSTANCES.b + 1 };

const portals = new Map<ProcessName, ChildProcess>();
let stopping = false;

function startPortal(name: ProcessName): ChildProcess {
  // The release's server.js with plain node, or the sources as `npm start` runs them (tsx), in one
  // process so SIGTERM reaches it directly.
  const mode = name === 'worker' ? 'worker' : 'web';
  const [args, cwd] = release
    ? [[path.join(release, 'dist/server.js'), mode], release]
    : [['--import', 'tsx', 'apps/server/src/server.ts', mode], repoRoot];
  const child = spawn(process.execPath, args, {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(PORTS[name]),
      JOBS: name === 'worker' ? 'on' : 'off',
      WEB_DIST: path.join(repoRoot, 'apps/web/dist'),
      DATABASE_URL: databaseUrl(database),
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: redisUrl,
      PUBLIC_URL: `http://127.0.0.1:${PROXY_PORT}`,
      LOG_LEVEL: 'warn',
      INTERNAL_API_KEY: SCALE_INTERNAL_API_KEY,
      STAFF_LINK_SECRET: 'e2e-staff-link-secret-0123456789abcdef',
    },
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    log(`instance ${name} exited (${signal ?? code}) before the run ended`);
    void stop(1);
  });
  return child;
}

async function waitReady(name: ProcessName): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${PORTS[name]}/api/health/ready`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`instance ${name} was not ready after 180 s`);
}

/** The load balancer: each request to the next instance in turn, bodies streamed both ways. */
function createProxy(): http.Server {
  const order: InstanceName[] = ['a', 'b'];
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;
  const server = http.createServer((request, response) => {
    const name = order[next++ % order.length]!;
    const upstream = http.request(
      {
        agent,
        host: '127.0.0.1',
        port: INSTANCES[name],
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, {
          ...answer.headers,
          [SERVED_BY]: name,
        });
        answer.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      log(`instance ${name}: ${error.message}`);
      if (!response.headersSent) response.writeHead(502, { [SERVED_BY]: name });
      response.end();
    });
    request.pipe(upstream);
  });
  return server;
}

const proxy = createProxy();

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (proxy.listening) {
    proxy.close();
    proxy.closeAllConnections();
  }
  await Promise.all(
    [...portals.values()].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  try {
    sql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  } catch (error) {
    log(`could not drop ${database}: ${String(error)}`);
  }
  process.exit(code);
}

process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(0));

// Databases of earlier runs that were killed before they could drop theirs (over an hour old).
for (const old of sql("SELECT datname FROM pg_database WHERE datname LIKE 'outpost_scale_%'")
  .split('\n')
  .filter(Boolean)) {
  if (Date.now() - Number(old.slice('outpost_scale_'.length)) > HOUR_MS)
    sql(`DROP DATABASE IF EXISTS ${old} WITH (FORCE)`);
}
sql(`CREATE DATABASE ${database}`);
await emptyRedis(redisUrl);
const began = Date.now();
for (const name of ['a', 'b', 'worker'] as const) portals.set(name, startPortal(name));
try {
  await Promise.all([waitReady('a'), waitReady('b'), waitReady('worker')]);
} catch (error) {
  log(String(error));
  await stop(1);
}
proxy.listen(PROXY_PORT, '127.0.0.1');
log(
  `instances a (:${INSTANCES.a}) and b (:${INSTANCES.b}) and the worker (:${PORTS.worker}) ready in ${Date.now() - began} ms${release ? ` (release ${release})` : ''}; proxy on :${PROXY_PORT}`,
);
