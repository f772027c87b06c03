/**
 * The code of an earlier commit, built and runnable beside the current one, so a bench can measure
 * "today's code" in the same run (issue 21: the same machine, the same load). The commit's files
 * come from `git archive` into a temporary directory (kept between runs, keyed by commit), its
 * dependencies installed there from its own lock (npm ci, about a minute and 1 GB the first time),
 * then its web app is built there. Works on any clone that has the commit.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './lib';

/** The commit before issue 21's first-round-trip work (decision 032). */
export const BASELINE_COMMIT = process.env.BASELINE_COMMIT ?? 'b1fe873';

/** Prepares (once per commit) and returns the root of the baseline's checkout with its web built. */
export function prepareBaseline(): string {
  const commit = execFileSync('git', ['rev-parse', '--short', BASELINE_COMMIT], {
    cwd: repoRoot,
    encoding: 'utf8',
  }).trim();
  const root = path.join(tmpdir(), `outpost-baseline-${commit}`);
  const done = path.join(root, '.built');
  if (existsSync(done)) return root;
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const archive = spawnSync('git', ['archive', '--format=tar', commit], {
    cwd: repoRoot,
    maxBuffer: 1 << 30,
  });
  if (archive.status !== 0) throw new Error(`git archive ${commit} failed`);
  execFileSync('tar', ['-x', '-C', root], { input: archive.stdout });

  // Its own dependencies, from its own lock: this checkout's have moved on a major version or more
  // since (Node 24, fastify's plugins, helmet; issue 38), and the baseline's server no longer
  // starts on them. Installed on the Node this bench runs on, so the two servers share a runtime.
  console.error(`installing the baseline's dependencies (${commit}) in ${root}`);
  const env = {
    ...process.env,
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
  };
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.error(`building the baseline web app (${commit}) in ${root}`);
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: path.join(root, 'apps/web'),
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  writeFileSync(done, `${commit}\n`);
  return root;
}
