/**
 * The release folder's package.json and package-lock.json (scripts/release.sh; decision 048).
 *
 * The package.json lists only what the compiled server imports (apps/server/dist/externals.json,
 * written by the bundle) at the exact versions the root lock holds for the server. The lock is cut
 * from the root lock: those packages and everything they depend on, each at the same version and
 * integrity as in the root lock, moved from a workspace's own node_modules to the top where npm
 * had put one there. `npm ci --omit=dev` in the folder then installs exactly the versions CI
 * tested, and nothing else: no dev tools, no web app dependencies, no `node` package (the
 * container's base image brings Node 24).
 *
 * Usage: tsx scripts/release-manifest.ts RELEASE_DIR
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Entry = {
  version?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  peer?: boolean;
  [field: string]: unknown;
};

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2];
if (!out) throw new Error('usage: tsx scripts/release-manifest.ts RELEASE_DIR');

const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, Entry>;
};
const externals = JSON.parse(
  readFileSync(path.join(repoRoot, 'apps/server/dist/externals.json'), 'utf8'),
) as string[];
const packages = lock.packages;

/** The folder whose node_modules is searched after this one's (Node's resolution, upwards). */
function parentOf(location: string): string | null {
  if (location === '') return null;
  const nested = location.lastIndexOf('/node_modules/');
  if (nested >= 0) return location.slice(0, nested);
  return ''; // node_modules/x or a workspace folder (apps/server): the root is next
}

/** Where `name` resolves from `location`, as Node would find it in the installed tree. */
function resolve(location: string, name: string): string | null {
  for (let dir: string | null = location; dir !== null; dir = parentOf(dir)) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    const entry = packages[candidate];
    if (entry) return entry.link ? null : candidate;
  }
  return null;
}

/** The server's workspace and the workspace packages it bundles: where the externals resolve. */
const workspaces = ['apps/server', 'packages/domain', 'packages/contracts'];
const topLevel: Record<string, string> = {};
/** location -> reached only through optional dependencies */
const reached = new Map<string, boolean>();
const queue: [string, boolean][] = [];
const visit = (location: string, optional: boolean) => {
  const seen = reached.get(location);
  if (seen === false || (seen === true && optional)) return;
  reached.set(location, optional);
  queue.push([location, optional]);
};

for (const name of externals) {
  const workspace = workspaces.find((w) => Object.hasOwn(packages[w]?.dependencies ?? {}, name));
  const location = workspace ? resolve(workspace, name) : null;
  if (!location) throw new Error(`${name}: not a dependency of the server in the root lock`);
  topLevel[name] = packages[location]!.version!;
  visit(location, false);
}
while (queue.length > 0) {
  const [location, optional] = queue.shift()!;
  const entry = packages[location]!;
  const edges: [string, boolean][] = [
    ...Object.keys(entry.dependencies ?? {}).map((n): [string, boolean] => [n, false]),
    ...Object.keys(entry.optionalDependencies ?? {}).map((n): [string, boolean] => [n, true]),
    ...Object.keys(entry.peerDependencies ?? {}).map((n): [string, boolean] => [
      n,
      entry.peerDependenciesMeta?.[n]?.optional === true,
    ]),
  ];
  for (const [name, optionalEdge] of edges) {
    const target = resolve(location, name);
    if (target) visit(target, optional || optionalEdge);
    // An optional dependency for another platform is in the lock; a missing one is not needed.
    else if (!optionalEdge)
      throw new Error(`${location} needs ${name}, which the root lock does not hold`);
  }
}

/** apps/server/node_modules/x -> node_modules/x: the release has one package, at its root. */
const moved = (location: string) => {
  const workspace = workspaces.find((w) => location.startsWith(`${w}/node_modules/`));
  return workspace ? location.slice(workspace.length + 1) : location;
};
const released: Record<string, Entry> = {};
const from = new Map<string, string>();
for (const [location, optional] of [...reached].sort(([a], [b]) => a.localeCompare(b))) {
  const target = moved(location);
  const earlier = from.get(target);
  if (earlier) throw new Error(`${location} and ${earlier} would both be ${target} in the release`);
  from.set(target, location);
  const {
    dev: _dev,
    devOptional: _devOptional,
    optional: _optional,
    peer: _peer,
    ...fields
  } = packages[location]!;
  released[target] = { ...fields, ...(optional ? { optional: true } : {}) };
}

const manifest = {
  name: 'outpost-release',
  version: '0.0.0',
  private: true,
  type: 'module',
  description: 'Outpost, compiled: node dist/server.js [web | worker | migrate] (decision 048)',
  dependencies: Object.fromEntries(Object.entries(topLevel).sort(([a], [b]) => a.localeCompare(b))),
};
const releaseLock = {
  name: manifest.name,
  version: manifest.version,
  lockfileVersion: 3,
  requires: true,
  packages: {
    '': { name: manifest.name, version: manifest.version, dependencies: manifest.dependencies },
    ...released,
  },
};
writeFileSync(path.join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(path.join(out, 'package-lock.json'), `${JSON.stringify(releaseLock, null, 2)}\n`);
console.log(
  `release: ${externals.length} packages the server imports, ${reached.size} with what they need`,
);
