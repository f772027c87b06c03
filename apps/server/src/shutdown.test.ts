import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { serverErrors } from '@outpost/contracts/messages';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * SIGTERM (a deploy, a scale-down) lets a request in flight finish before the process ends
 * (docs/decisions/024, 029): the real server.ts in a process of its own, on an empty embedded
 * database of its own. The request is held in flight by sending its body in two halves, the
 * second only after the server has logged that it is shutting down.
 */
describe('graceful shutdown', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'outpost-shutdown-'));
  let server: ChildProcess | undefined;
  let output = '';

  afterAll(() => {
    server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Resolves with the first match of `pattern` in the server's output, now or later. */
  function waitFor(pattern: RegExp): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const match = pattern.exec(output);
        if (!match) return false;
        server!.stdout!.off('data', check);
        resolve(match);
        return true;
      };
      if (check()) return;
      server!.stdout!.on('data', check);
      server!.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
    });
  }

  it('finishes a request in flight on SIGTERM, then exits 0', { timeout: 240_000 }, async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      SEED: 'none',
      JOBS_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk) => (output += String(chunk)));
    server.stderr!.on('data', (chunk) => (output += String(chunk)));
    const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve));
    const port = Number((await waitFor(/Outpost is running: http:\/\/localhost:(\d+)\//))[1]);

    // A login whose body has only half arrived: routed, not yet answered.
    const body = JSON.stringify({ username: 'nobody', password: 'not-the-password' });
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /api/portal/users/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await waitFor(
      /"msg":"incoming request"[^\n]*\/api\/portal\/users\/login\/|\/api\/portal\/users\/login\/[^\n]*"msg":"incoming request"/,
    );

    server.kill('SIGTERM');
    await waitFor(
      /"signal":"SIGTERM"[^\n]*"msg":"shutting down"|"msg":"shutting down"[^\n]*"signal":"SIGTERM"/,
    );
    socket.write(body.slice(10));
    await closed;

    // Answered in full (unknown user: the database was still there), then the process ended.
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain(JSON.stringify({ data: { error: serverErrors.badCredentials } }));
    expect(await exited).toBe(0);
  });
});
