import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { serverErrors } from '@outpost/contracts/messages';
import { enqueueMessage } from './adapters/messaging';
import { openPglite, queryRows } from './db/client';
import { prepareDatabase } from './seed/prepare';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * OUTPOST_RELEASE: a release folder (scripts/release.sh; docs/decisions/048). Set, these tests run
 * its compiled server with plain node (`node dist/server.js`, in the folder, as a container does);
 * unset, the sources with tsx (`npm start`'s way). CI runs them both ways.
 */
const release = process.env.OUTPOST_RELEASE ? path.resolve(process.env.OUTPOST_RELEASE) : null;
const target = release
  ? { args: [path.join(release, 'dist/server.js')], cwd: release, name: 'the release' }
  : { args: ['--import', 'tsx', 'src/server.ts'], cwd: serverRoot, name: 'the sources (tsx)' };

/** A server process of its own: its output, its exit, and a wait for a line in its output. */
function startProcess(mode: 'web' | 'worker', env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [...target.args, mode], {
    cwd: target.cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  /** Resolves with the first match of `pattern` in the output, now or later. */
  const waitFor = (pattern: RegExp): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (!match) return false;
        child.stdout.off('data', check);
        child.stderr.off('data', check);
        resolve(match);
        return true;
      };
      if (check()) return;
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      void exited.then((code) => reject(new Error(`server exited (${code}):\n${output}`)));
    });
  return { child, exited, waitFor, output: () => output };
}

const SHUTTING_DOWN =
  /"signal":"SIGTERM"[^\n]*"msg":"shutting down"|"msg":"shutting down"[^\n]*"signal":"SIGTERM"/;

function baseEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    SEED: 'none',
    JOBS_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return env;
}

/**
 * SIGTERM (a deploy, a scale-down) lets the work in flight finish before the process ends
 * (docs/decisions/024, 029, 048): the real server in a process of its own, on an empty embedded
 * database of its own. A web instance's request is held in flight by sending its body in two
 * halves, the second only after the server has logged that it is shutting down; a worker's mail
 * by an SMTP server that holds its answer to the message until then.
 */
describe(`graceful shutdown of ${target.name}`, () => {
  const dataDirs: string[] = [];
  const children: ChildProcess[] = [];

  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  function dataDir(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'outpost-shutdown-'));
    dataDirs.push(dir);
    return dir;
  }

  it(
    'web: finishes a request in flight on SIGTERM, then exits 0',
    { timeout: 240_000 },
    async () => {
      const server = startProcess('web', { ...baseEnv(dataDir()), WEB_DIST: '/nonexistent' });
      children.push(server.child);
      const port = Number(
        (await server.waitFor(/Outpost is running: http:\/\/localhost:(\d+)\//))[1],
      );

      // A login whose body has only half arrived: routed, not yet answered.
      const body = JSON.stringify({ username: 'nobody', password: 'not-the-password' });
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += String(chunk)));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(
        `POST /api/portal/users/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
      );
      await server.waitFor(
        /"msg":"incoming request"[^\n]*\/api\/portal\/users\/login\/|\/api\/portal\/users\/login\/[^\n]*"msg":"incoming request"/,
      );

      server.child.kill('SIGTERM');
      await server.waitFor(SHUTTING_DOWN);
      socket.write(body.slice(10));
      await closed;

      // Answered in full (unknown user: the database was still there), then the process ended.
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toContain(JSON.stringify({ data: { error: serverErrors.badCredentials } }));
      expect(await server.exited).toBe(0);
    },
  );

  it(
    'worker: serves no portal, finishes the mail in flight on SIGTERM, then exits 0',
    { timeout: 240_000 },
    async () => {
      // A mail waiting in the outbox, as a web instance with JOBS=off leaves it.
      const dir = dataDir();
      const seeding = await openPglite({ dataDir: path.join(dir, 'pglite') });
      await prepareDatabase(seeding, 'none');
      await enqueueMessage(seeding.db, 'email', {
        to: 'jordan.citizen@example.com',
        subject: 'Your data block is active',
        body: 'Your 20 GB data block is active.',
      });
      await seeding.close();

      // The mail server takes the message and holds its answer until released.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let received!: (raw: string) => void;
      const arrived = new Promise<string>((resolve) => (received = resolve));
      const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _session, callback) {
          let raw = '';
          stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
          stream.on('end', () => {
            received(raw);
            void released.then(() => callback());
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      const smtpPort = (smtp.server.address() as net.AddressInfo).port;

      try {
        const worker = startProcess('worker', {
          ...baseEnv(dir),
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
          JOBS_POLL_MS: '100',
        });
        children.push(worker.child);
        const running =
          /Outpost worker is running: health and metrics on http:\/\/localhost:(\d+)\//;
        const port = Number((await worker.waitFor(running))[1]);
        // Health for the orchestrator; neither the API nor the web app is served here.
        const base = `http://127.0.0.1:${port}`;
        expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
        expect((await fetch(`${base}/api/portal/users/login/`, { method: 'POST' })).status).toBe(
          404,
        );
        expect((await fetch(`${base}/login`)).status).toBe(404);

        expect(await arrived).toContain('Your 20 GB data block is active.');
        worker.child.kill('SIGTERM');
        await worker.waitFor(SHUTTING_DOWN);
        // Still running while its mail is unanswered.
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(worker.child.exitCode).toBeNull();
        release();
        expect(await worker.exited).toBe(0);
      } finally {
        await new Promise<void>((resolve) => smtp.close(() => resolve()));
      }

      // The mail is recorded as sent: no second copy at the next start.
      const after = await openPglite({ dataDir: path.join(dir, 'pglite') });
      try {
        const rows = await queryRows<{ status: string }>(after.db, sql`select status from outbox`);
        expect(rows).toEqual([{ status: 'sent' }]);
      } finally {
        await after.close();
      }
    },
  );
});
