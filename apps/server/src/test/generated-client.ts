import { execFile } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { paths } from '../paths';

/**
 * A client as a provider's developer would write it: `source` (TypeScript importing `paths` from
 * './schema' and openapi-fetch) type-checked against types generated from the live document by
 * openapi-typescript, then run as its own process with `env`. Answers the diagnostics (empty when
 * it compiles) and what it printed.
 */
export async function runGeneratedClient(
  baseUrl: string,
  source: string,
  env: Record<string, string> = {},
): Promise<{ diagnostics: string[]; stdout: string }> {
  const document = (await fetch(`${baseUrl}/api/docs/json`).then((r) => r.json())) as Parameters<
    typeof openapiTS
  >[0];
  const dir = mkdtempSync(path.join(tmpdir(), 'outpost-client-'));
  symlinkSync(path.join(paths.appRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  writeFileSync(path.join(dir, 'schema.ts'), astToString(await openapiTS(document)));
  writeFileSync(path.join(dir, 'client.ts'), source);
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: false,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    typeRoots: [path.join(paths.appRoot, 'node_modules/@types')],
    skipLibCheck: true,
    outDir: path.join(dir, 'out'),
  };
  const program = ts.createProgram([path.join(dir, 'client.ts')], options);
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  if (diagnostics.length > 0) return { diagnostics, stdout: '' };
  program.emit(); // the import of './schema' is types only: dropped
  writeFileSync(path.join(dir, 'out', 'package.json'), '{"type":"module"}');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(dir, 'out', 'client.js')],
    { env: { ...process.env, BASE_URL: baseUrl, ...env } },
  );
  return { diagnostics, stdout };
}
