/**
 * The code of an earlier commit, built and runnable beside the current one, so a bench can measure
 * "today's code" in the same run (issue 21: the same machine, the same load). The commit's files
 * come from `git archive` into a temporary directory (kept between runs, keyed by commit); its
 * node_modules links to this checkout's packages (the root's and each workspace's own) except the
 * workspace ones, which point at the archived copies. Then its web app is built there. Works on
 * any clone that has the commit.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './lib';

/** The commit before issue 21's first-round-trip work (decision 032). */
export const BASELINE_COMMIT = process.env.BASELINE_COMMIT ?? 'b1fe873';

const WORKSPACES: Record<string, string> = {
  contracts: 'packages/contracts',
  domain: 'packages/domain',
  server: 'apps/server',
  web: 'apps/web',
};

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

  const modules = path.join(root, 'node_modules');
  mkdirSync(path.join(modules, '@outpost'), { recursive: true });
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry === '@outpost') continue;
    symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  for (const [name, dir] of Object.entries(WORKSPACES)) {
    symlinkSync(path.join(root, dir), path.join(modules, '@outpost', name));
    // A workspace's own node_modules (npm puts a package there when its version differs from the
    // root's: the server's @fastify/swagger-ui, the web's @vitejs): without it that workspace's
    // imports fail in the baseline.
    const own = path.join(repoRoot, dir, 'node_modules');
    if (existsSync(own) && !existsSync(path.join(root, dir, 'node_modules')))
      symlinkSync(own, path.join(root, dir, 'node_modules'));
  }

  console.error(`building the baseline web app (${commit}) in ${root}`);
  execFileSync(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: path.join(root, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  writeFileSync(done, `${commit}\n`);
  return root;
}
