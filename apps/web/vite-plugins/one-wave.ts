import type { Plugin, Rollup } from 'vite';

/**
 * Two requests fewer on every page's first visit (docs/decisions/032, 'Chunks and connections'):
 * over plain HTTP/1.1 a page gets six connections, and each wave of six costs a round trip (about
 * 650 ms by satellite). The dashboard needed eight requests at high priority after the document
 * (two waves); with these two changes it needs six.
 *
 * - The app's stylesheet (the entry's CSS, about 10 KB compressed) goes into index.html as a
 *   <style> element, where the <link> was (after the brand's colours, as before). The server
 *   allows it by its hash, as every inline style (apps/server/src/plugins/web.ts). The page is
 *   served by the service worker after the first visit, so repeat visits do not pay for it; the
 *   file is no longer emitted, and the pages' lazy preloads no longer list it.
 * - Rolldown's runtime helpers (`__toESM` and friends, under 1 KB) are a chunk of their own
 *   whenever groups are used (groups cannot capture them: rolldown/rolldown#2654). They go into
 *   the `vendor` chunk, which every page loads and which uses them itself: chunks that already
 *   import `vendor` import them from there; any other chunk gets its own copy (Capacitor's and
 *   DOMPurify's lazy chunks), so that no chunk refers to a file its hash does not cover.
 */
export function oneWave(options: { vendor: string } = { vendor: 'vendor' }): Plugin {
  const inlined: string[] = [];
  return {
    name: 'outpost-one-wave',
    apply: 'build',
    // The rewrite below changes chunks after their file names are fixed. Their names still follow
    // their content (a chunk's new text depends only on its old text, which names the runtime's
    // and vendor's files), but an old build's chunk must never share a name with a rewritten one:
    // this tag is part of every chunk's hash. Change it whenever the rewrite's output changes.
    augmentChunkHash: () => REWRITE_VERSION,
    generateBundle: {
      // Before Vite's own hooks: they list each lazy chunk's preloads (from `imports` and
      // `viteMetadata.importedCss`) and write index.html's tags.
      order: 'pre',
      handler(_output, bundle) {
        inlined.length = 0;
        inlined.push(...inlineEntryCss(bundle));
        foldRuntime(bundle, options.vendor);
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (inlined.length === 0) return html;
        const style = inlined.map((css) => `<style>${css}</style>`).join('');
        return html.replace('</head>', `    ${style}\n  </head>`);
      },
    },
  };
}

function chunksOf(bundle: Rollup.OutputBundle): Rollup.OutputChunk[] {
  return Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
}

/** Takes the entry chunk's CSS out of the bundle; answers its text, for index.html. */
export function inlineEntryCss(bundle: Rollup.OutputBundle): string[] {
  const entry = chunksOf(bundle).find((chunk) => chunk.isEntry && chunk.viteMetadata);
  if (!entry?.viteMetadata) return [];
  const texts: string[] = [];
  for (const file of [...entry.viteMetadata.importedCss]) {
    const asset = bundle[file];
    if (asset?.type !== 'asset') continue;
    const css =
      typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString();
    if (/<\/style/i.test(css)) throw new Error(`${file} cannot be inlined: it holds '</style'`);
    texts.push(css.trim());
    entry.viteMetadata.importedCss.delete(file);
    delete bundle[file];
  }
  return texts;
}

/** See augmentChunkHash. */
const REWRITE_VERSION = 'one-wave-1';

const RUNTIME_CHUNK = /(^|\/)rolldown-runtime-[^/]*\.js$/;
/** The runtime's locals, as an object (a name no minifier produces). */
const HOLDER = '__outpostRuntime';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `r as e, t` -> [['r', 'e'], ['t', 't']] */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [imported, local] = part.split(/\s+as\s+/);
      return [imported!, local ?? imported!];
    });
}

/** Moves Rolldown's runtime chunk into the vendor chunk (see above). */
export function foldRuntime(bundle: Rollup.OutputBundle, vendorName: string): void {
  const chunks = chunksOf(bundle);
  const runtime = chunks.find((chunk) => RUNTIME_CHUNK.test(chunk.fileName));
  const vendor = chunks.find((chunk) => chunk.name === vendorName && !chunk.isEntry);
  if (!runtime || !vendor) return;

  // The runtime is self-contained: some helpers, then one export list.
  const exportList = /export\s*\{([^}]*)\};?\s*$/.exec(runtime.code);
  if (!exportList || /\bimport\b/.test(runtime.code.slice(0, exportList.index)))
    throw new Error(`${runtime.fileName} is not the self-contained runtime this plugin expects`);
  const exported = specifiers(exportList[1]!).map(([local, name]) => [name, local] as const);
  const body = runtime.code.slice(0, exportList.index).trim().replace(/;?$/, ';');
  const holder = `(()=>{${body}return{${exported.map(([name, local]) => `${JSON.stringify(name)}:${local}`).join(',')}}})()`;
  const vendorExport = (name: string) => `${HOLDER}_${name}`;

  const base = runtime.fileName.split('/').pop()!;
  const importStatement = new RegExp(
    `import\\s*(?:\\{([^}]*)\\}\\s*from\\s*)?["']\\./${escapeRegExp(base)}["'];?`,
    'g',
  );
  const vendorBase = vendor.fileName.split('/').pop()!;

  for (const chunk of chunks) {
    if (chunk === runtime || !chunk.imports.includes(runtime.fileName)) continue;
    if (chunk.code.includes(HOLDER))
      throw new Error(`${chunk.fileName} already uses the name ${HOLDER}`);
    // A chunk that names vendor's file already has vendor's hash in its own: it may import the
    // helpers from there. Any other (and vendor itself) gets a copy of them.
    const ownCopy = chunk === vendor || !chunk.imports.includes(vendor.fileName);
    let copied = false;
    chunk.code = chunk.code.replace(importStatement, (_statement, list?: string) => {
      const bindings = specifiers(list ?? '');
      if (!ownCopy)
        return bindings.length
          ? `import{${bindings.map(([name, local]) => `${vendorExport(name)} as ${local}`).join(',')}}from"./${vendorBase}";`
          : '';
      const declarations = bindings.map(([name, local]) => `${local}=${HOLDER}.${name}`);
      const first = !copied;
      copied = true;
      return `var ${[first ? `${HOLDER}=${holder}` : '', ...declarations].filter(Boolean).join(',')};`;
    });
    chunk.imports = [
      ...new Set(
        chunk.imports
          .filter((file) => file !== runtime.fileName)
          .concat(ownCopy ? [] : [vendor.fileName]),
      ),
    ];
  }
  // Vendor holds the helpers (its own copy, made above when it uses them) and exports them.
  const names = exported.map(([name]) => name);
  if (!vendor.code.includes(`${HOLDER}=`)) vendor.code = `var ${HOLDER}=${holder};\n${vendor.code}`;
  vendor.code += `\nvar ${names.map((name) => `${vendorExport(name)}=${HOLDER}.${name}`).join(',')};export{${names.map(vendorExport).join(',')}};`;
  for (const chunk of chunks)
    chunk.dynamicImports = chunk.dynamicImports.filter((file) => file !== runtime.fileName);
  delete bundle[runtime.fileName];
}
