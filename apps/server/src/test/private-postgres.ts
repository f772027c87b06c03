import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The PostgreSQL server binaries of this machine (Debian keeps them per major version). */
function binaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return version ? path.join(root, version, 'bin') : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type PrivatePostgres = {
  url: string;
  /** Stops the server (fast: sessions are terminated) and starts it again on the same port. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Where a fault test may restart PostgreSQL without touching anyone else's databases: a
 * throwaway cluster of its own, in a temporary folder on a free port. Needs the server binaries
 * and, as root, the `postgres` user to run them as (PostgreSQL refuses to run as root); says why
 * not otherwise.
 */
export function privatePostgresUnavailable(): string | undefined {
  if (!binaries()) return 'no PostgreSQL server binaries under /usr/lib/postgresql';
  if (process.getuid?.() !== 0) return 'not root: cannot run the server as the postgres user';
  return undefined;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binaries()!;
  const dir = mkdtempSync(path.join(tmpdir(), 'outpost-pg-'));
  const { stdout } = await run('id', ['-u', 'postgres']);
  const uid = Number(stdout.trim());
  chownSync(dir, uid, uid);
  const asPostgres = (tool: string, args: string[]) =>
    run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { timeout: 60_000 });
  await asPostgres('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (...args: string[]) =>
    asPostgres('pg_ctl', ['-D', dir, '-w', '-l', path.join(dir, 'server.log'), ...args]);
  await ctl('-o', options, 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => {
      await ctl('-m', 'fast', 'stop');
      await ctl('-o', options, 'start');
    },
    stop: async () => {
      await ctl('-m', 'immediate', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
