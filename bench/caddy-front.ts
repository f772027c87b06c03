/**
 * Caddy in front of a portal on plain HTTP, as the compose file deploys it (deploy/Caddyfile):
 * HTTPS with HTTP/2 (and HTTP/3 offered), a certificate from Caddy's own local authority, every
 * request passed to `target`. Where plain HTTP/1.1 gives a page six connections (its first 10-15
 * requests go in waves of six), HTTP/2 multiplexes them on one. Needs the `caddy` binary (Debian's
 * package `caddy`, or CADDY=/path/to/caddy); the browser context must ignore certificate errors
 * (the local authority is not installed in any trust store). Bench use only.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CADDY = process.env.CADDY ?? 'caddy';

/** The version line of the Caddy that will run, or throws with what to install. */
export function caddyVersion(): string {
  const probe = spawnSync(CADDY, ['version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0)
    throw new Error(
      `Caddy is needed for the HTTP/2 figures: apt-get install caddy (or set CADDY=/path/to/caddy)`,
    );
  return probe.stdout.trim();
}

/** Starts https://127.0.0.1:<port> (HTTP/2; HTTP/1.1 and HTTP/3 allowed) in front of `target`. */
export async function startCaddyFront(
  target: string,
  port: number,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'outpost-caddy-'));
  const upstream = new URL(target).host;
  // The site block is the recipe's (deploy/Caddyfile); the global options keep a bench run to
  // itself: no admin port, no trust-store install, no port-80 redirect listener, storage in dir.
  writeFileSync(
    path.join(dir, 'Caddyfile'),
    `{
\tadmin off
\tskip_install_trust
\tauto_https disable_redirects
\tstorage file_system ${dir}/data
\tservers {
\t\tprotocols h1 h2 h3
\t}
}
https://127.0.0.1:${port} {
\ttls internal
\treverse_proxy ${upstream}
}
`,
  );
  const child = spawn(CADDY, ['run', '--config', 'Caddyfile', '--adapter', 'caddyfile'], {
    cwd: dir,
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const url = `https://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  // Node's fetch would refuse the local authority's certificate: wait for Caddy's own line.
  while (!log.includes('serving initial configuration')) {
    if (child.exitCode !== null) throw new Error(`caddy exited with ${child.exitCode}:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`caddy did not start within 30 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
