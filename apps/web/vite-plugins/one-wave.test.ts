import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Rollup } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { foldRuntime, inlineEntryCss } from './one-wave';

const run = promisify(execFile);

type Chunk = Rollup.OutputChunk;

function chunk(fileName: string, code: string, imports: string[], extra: Partial<Chunk> = {}) {
  return {
    type: 'chunk',
    fileName,
    name: fileName.replace(/^assets\//, '').replace(/-[^-]+\.js$/, ''),
    code,
    imports,
    dynamicImports: [],
    isEntry: false,
    ...extra,
  } as unknown as Chunk;
}

// The shape Rolldown gives: minified helpers, one export list; the chunks import some of them
// under local names that clash with the runtime's own locals.
const RUNTIME = 'var e=2,t=n=>n*e,n=n=>`<${n}>`,r=n=>({wrapped:n});export{t as n,n as r,r as t};';

function bundleOf(...chunks: Chunk[]): Rollup.OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

/**
 * Writes the bundle's chunks and imports one of them in a separate Node process (its own ES module
 * loader, as a browser has): answers the module's exports, as JSON.
 */
async function load(bundle: Rollup.OutputBundle, file: string): Promise<Record<string, unknown>> {
  dir ??= await mkdtemp(path.join(tmpdir(), 'one-wave-'));
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'package.json'), '{"type":"module"}');
  for (const item of Object.values(bundle))
    if (item.type === 'chunk') await writeFile(path.join(dir, item.fileName), item.code);
  const url = pathToFileURL(path.join(dir, file)).href;
  const { stdout } = await run(process.execPath, [
    '--input-type=module',
    '-e',
    `const m = await import(${JSON.stringify(url)}); console.log(JSON.stringify({ ...m }));`,
  ]);
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('foldRuntime', () => {
  it('moves the runtime into vendor; chunks importing vendor take the helpers from it', async () => {
    const bundle = bundleOf(
      chunk('assets/rolldown-runtime-AAAA.js', RUNTIME, []),
      chunk(
        'assets/vendor-BBBB.js',
        'import{n as e,t}from"./rolldown-runtime-AAAA.js";var n=e(21),r=t(1);export{n as a,r as b};',
        ['assets/rolldown-runtime-AAAA.js'],
      ),
      chunk(
        'assets/page-CCCC.js',
        'import{r as e}from"./rolldown-runtime-AAAA.js";import{a as t}from"./vendor-BBBB.js";export const shown=e(t);',
        ['assets/rolldown-runtime-AAAA.js', 'assets/vendor-BBBB.js'],
      ),
    );
    foldRuntime(bundle, 'vendor');

    expect(Object.keys(bundle)).toEqual(['assets/vendor-BBBB.js', 'assets/page-CCCC.js']);
    const page = bundle['assets/page-CCCC.js'] as Chunk;
    expect(page.code).not.toContain('rolldown-runtime');
    expect(page.imports).toEqual(['assets/vendor-BBBB.js']);
    expect((bundle['assets/vendor-BBBB.js'] as Chunk).imports).toEqual([]);
    expect(await load(bundle, 'assets/page-CCCC.js')).toEqual({ shown: '<42>' });
    expect(await load(bundle, 'assets/vendor-BBBB.js')).toMatchObject({
      a: 42,
      b: { wrapped: 1 },
    });
  });

  it('gives a chunk that does not import vendor its own copy (its hash covers the runtime, not vendor)', async () => {
    const bundle = bundleOf(
      chunk('assets/rolldown-runtime-AAAA.js', RUNTIME, []),
      chunk('assets/vendor-BBBB.js', 'export const a=1;', []),
      chunk(
        'assets/lazy-DDDD.js',
        'import{n as e,t as r}from"./rolldown-runtime-AAAA.js";export const doubled=e(5),held=r("x");',
        ['assets/rolldown-runtime-AAAA.js'],
      ),
    );
    foldRuntime(bundle, 'vendor');

    const lazy = bundle['assets/lazy-DDDD.js'] as Chunk;
    expect(lazy.imports).toEqual([]);
    expect(lazy.code).not.toMatch(/vendor|rolldown-runtime/);
    expect(await load(bundle, 'assets/lazy-DDDD.js')).toEqual({
      doubled: 10,
      held: { wrapped: 'x' },
    });
    // Vendor exports the helpers even though it did not use them.
    const vendor = bundle['assets/vendor-BBBB.js'] as Chunk;
    vendor.code += 'export const eight=__outpostRuntime_n(4);';
    expect(await load(bundle, 'assets/vendor-BBBB.js')).toMatchObject({ a: 1, eight: 8 });
  });

  it('leaves a bundle without a runtime chunk or a vendor chunk alone', () => {
    const page = chunk('assets/page-CCCC.js', 'export const a=1;', []);
    const bundle = bundleOf(page);
    foldRuntime(bundle, 'vendor');
    expect(bundle).toEqual({ 'assets/page-CCCC.js': page });
  });

  it('refuses a runtime chunk it does not understand rather than emit broken code', () => {
    const bundle = bundleOf(
      chunk('assets/rolldown-runtime-AAAA.js', 'import"./x.js";var e=1;export{e as n};', []),
      chunk('assets/vendor-BBBB.js', 'export const a=1;', []),
    );
    expect(() => foldRuntime(bundle, 'vendor')).toThrow(/not the self-contained runtime/);
  });
});

describe('inlineEntryCss', () => {
  it("takes the entry's stylesheet out of the bundle and answers its text", () => {
    const css = {
      type: 'asset',
      fileName: 'assets/index-EEEE.css',
      source: '.a{color:red}\n',
    } as unknown as Rollup.OutputAsset;
    const lazyCss = {
      type: 'asset',
      fileName: 'assets/page-FFFF.css',
      source: '.b{}',
    } as unknown as Rollup.OutputAsset;
    const entry = chunk('assets/index-GGGG.js', '', [], {
      isEntry: true,
      viteMetadata: { importedCss: new Set([css.fileName]), importedAssets: new Set() },
    } as Partial<Chunk>);
    const bundle: Rollup.OutputBundle = {
      [css.fileName]: css,
      [lazyCss.fileName]: lazyCss,
      [entry.fileName]: entry,
    };

    expect(inlineEntryCss(bundle)).toEqual(['.a{color:red}']);
    expect(Object.keys(bundle)).toEqual([lazyCss.fileName, entry.fileName]);
    expect([...entry.viteMetadata!.importedCss]).toEqual([]);
  });
});
