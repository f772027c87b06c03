/**
 * The compiled server (docs/decisions/048): one esbuild bundle of src/server.ts (every mode and
 * the operations commands, which it loads on demand from chunks beside it) to dist/server.js.
 * Our workspace packages (@outpost/domain, @outpost/contracts) are bundled; every npm package
 * stays external: loaded from node_modules at run time, so native, WebAssembly and data-file
 * packages (@node-rs/argon2, @electric-sql/pglite, pdfkit, date-holidays) work as installed.
 * dist/externals.json lists the packages the bundle imports: scripts/release.sh installs exactly
 * those (at the root lock's versions) in a release folder.
 *
 * Run by `npm run build` (the server workspace's build script).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');

type Manifest = { dependencies?: Record<string, string> };
const manifests = ['.', '../../packages/domain', '../../packages/contracts'].map(
  (dir) => JSON.parse(readFileSync(path.join(here, dir, 'package.json'), 'utf8')) as Manifest,
);
/**
 * Pure-JavaScript packages that read no file of their own at run time, bundled too: Node resolves
 * each file of an external ES module package on its own (drizzle-orm alone is hundreds), which
 * was the larger part of the release's start (issue 38). A package that shares objects with an
 * external one is bundled with it or not at all (zod with fastify-type-provider-zod).
 */
const BUNDLED = new Set([
  '@date-fns/tz',
  'bowser',
  'csv-parse',
  'drizzle-orm',
  'fastify-type-provider-zod',
  'gray-matter',
  'helmet',
  'ipaddr.js',
  'marked',
  'otpauth',
  'zod',
]);
const external = [...new Set(manifests.flatMap((m) => Object.keys(m.dependencies ?? {})))].filter(
  (name) => !name.startsWith('@outpost/') && !BUNDLED.has(name),
);

/** 'pkg' of 'pkg/sub/path', '@scope/pkg' of '@scope/pkg/sub'. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const started = performance.now();
rmSync(dist, { recursive: true, force: true });
const result = await build({
  absWorkingDir: here,
  entryPoints: { server: 'src/server.ts' },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  external,
  sourcemap: 'linked',
  // The CommonJS packages bundled above require Node's own modules ('fs'): an ES module output
  // has no require of its own, so each file gets one.
  banner: {
    js: "import { createRequire as __outpostCreateRequire } from 'node:module'; const require = __outpostCreateRequire(import.meta.url);",
  },
  metafile: true,
  logLevel: 'warning',
});

const imported = new Set<string>();
let bytes = 0;
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (file.endsWith('.js')) bytes += output.bytes;
  for (const i of output.imports)
    if (i.external && !isBuiltin(i.path)) imported.add(packageOf(i.path));
}
const unlisted = [...imported].filter((name) => !external.includes(name));
if (unlisted.length > 0) throw new Error(`imported but not a dependency: ${unlisted.join(', ')}`);
writeFileSync(
  path.join(dist, 'externals.json'),
  `${JSON.stringify([...imported].sort(), null, 2)}\n`,
);
console.log(
  `apps/server/dist/server.js: ${(bytes / 1024).toFixed(0)} KiB of JavaScript, ${imported.size} packages external, in ${Math.round(performance.now() - started)} ms`,
);
