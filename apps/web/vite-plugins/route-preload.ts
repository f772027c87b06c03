import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';
// Relative on purpose: Vite loads this file with Node, which cannot import a workspace package's
// TypeScript through its package exports; relative files are bundled into the config instead.
import {
  FIRST_REQUESTS_GLOBAL,
  firstRequests,
  type FirstRequest,
} from '../../../packages/contracts/src/first-requests';
import { webRoutes } from '../../../packages/contracts/src/web-routes';

/**
 * Which page module (src/app/routes/<name>.tsx) each route renders, read from the page table's
 * source (src/app/pages.ts): the table imports the features' queries, which this file, run by
 * Node, cannot load. Each entry's loader comes first: `'<path>': { load: () => import('./routes/<name>')`.
 */
export function pageModulesOf(source: string): Map<string, string> {
  const entry = /^ {2}'([^']+)': \{\s*load: \(\) => import\('\.\/routes\/([a-z0-9-]+)'\)/gm;
  return new Map([...source.matchAll(entry)].map((m) => [m[1] ?? '', m[2] ?? '']));
}

/** The page chunks' facade modules: src/app/routes/<name>.tsx. */
const PAGE_MODULE = /[\\/]src[\\/]app[\\/]routes[\\/]([a-z0-9-]+)\.tsx$/;

/** The signed-in layouts' chunks (src/app/create-routes.tsx loads them beside the page's). */
const LAYOUT_MODULE = /[\\/]src[\\/]app[\\/]layouts[\\/](logged-in-layout|session-layout)\.tsx$/;

/** A segment like ':product-customer-terms': create-routes puts such routes in the session layout. */
const SUFFIXED_SEGMENT = /(^|\/):[a-zA-Z_]+-[a-z0-9-]+(\/|$)/;

/** The layout create-routes.tsx renders a route in, when that layout is a chunk of its own. */
export function layoutModuleOf(route: { path: string; access: string }): string | null {
  const suffixed = SUFFIXED_SEGMENT.test(route.path);
  if ((route.access === 'protected' || route.access === 'native') && !suffixed)
    return 'logged-in-layout';
  if (route.access === 'open' || route.access === 'account-holder' || route.access === 'protected')
    return 'session-layout';
  return null;
}

/** A route path as an anchored pattern, ':name' (and ':name-suffix') for one segment. */
function pathPattern(path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `^${escaped.replace(/:[a-zA-Z_]+(-[a-z0-9-]+)?/g, (_m, suffix?: string) => `[^/]+${suffix ?? ''}`)}/?$`;
}

function chunksOf(bundle: Rollup.OutputBundle): Rollup.OutputChunk[] {
  return Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
}

/** A chunk and every chunk it imports statically, by file name. */
function withImports(
  chunk: Rollup.OutputChunk,
  byFile: Map<string, Rollup.OutputChunk>,
): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  visit(chunk.fileName);
  return files;
}

/**
 * The page's own chunk is only requested once the main chunk has run and the router has matched
 * the URL: one more round trip (about 650 ms by satellite) before anything shows. This puts a
 * tiny script into index.html that matches the URL against the route table and adds
 * <link rel="modulepreload"> for that page's chunks, so they download alongside the main chunk.
 * Visitors without a stored session also get the login page's chunk for protected pages (where
 * the guard sends them; the router still loads the page's own small chunk before it redirects).
 * When nothing matches, nothing is added and the app loads as before.
 *
 * The same script starts the route's first API GETs (packages/contracts first-requests.ts) with
 * the stored USER token (when it is live for 30 s more; else the app renews it first), so the data
 * arrives beside the scripts instead of one round trip after them (docs/decisions/032). The app's
 * API client takes those answers (src/lib/preload.ts).
 */
export function routePreload(): Plugin {
  let base = '/';
  let root = '.';
  return {
    name: 'outpost-route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const modules = pageModulesOf(readFileSync(join(root, 'src/app/pages.ts'), 'utf8'));
        const pageModuleFor = (path: string) => modules.get(path) ?? 'placeholder';
        const chunks = chunksOf(bundle);
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return html;
        const initial = withImports(entry, byFile);

        const filesByModule = new Map<string, string[]>();
        const filesByLayout = new Map<string, string[]>();
        for (const chunk of chunks) {
          const layout = chunk.facadeModuleId
            ? LAYOUT_MODULE.exec(chunk.facadeModuleId)?.[1]
            : undefined;
          if (layout)
            filesByLayout.set(
              layout,
              [...withImports(chunk, byFile)].filter((file) => !initial.has(file)),
            );
          const name = chunk.facadeModuleId
            ? PAGE_MODULE.exec(chunk.facadeModuleId)?.[1]
            : undefined;
          if (!name) continue;
          const files = [...withImports(chunk, byFile)].filter((file) => !initial.has(file));
          filesByModule.set(name, files);
        }

        const files: string[] = [];
        const indexOf = (file: string) => {
          const at = files.indexOf(file);
          return at >= 0 ? at : files.push(file) - 1;
        };
        const needsSession = new Set(['protected', 'native', 'account-holder']);
        // [path] or [path, permission]
        const asPair = (r: FirstRequest) => (r.permission ? [r.path, r.permission] : [r.path]);
        // [pattern, file indexes, 1 when the route needs a session, its first API GETs]
        const table = webRoutes.map((route) => {
          const data = firstRequests[route.path];
          const layout = layoutModuleOf(route);
          const routeFiles = new Set([
            ...((layout && filesByLayout.get(layout)) || []),
            ...(filesByModule.get(pageModuleFor(route.path)) ?? []),
          ]);
          const row: unknown[] = [
            pathPattern(route.path),
            [...routeFiles].map(indexOf),
            needsSession.has(route.access) ? 1 : 0,
          ];
          if (data) row.push(data.map(asPair));
          return row;
        });
        const login = (filesByModule.get(pageModuleFor('/login')) ?? []).map(indexOf);

        const script =
          `(function(f,r,l){try{var p=location.pathname,s=localStorage.getItem('sm_refresh_token');` +
          `for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){` +
          // The data first (HTTP/1.1 gives a page six connections: the data must not queue behind
          // the page's chunks): with a USER token live for a while yet, each GET the route asks
          // for first, as the API client would send it.
          `try{var d=r[i][3],g=JSON.parse,t=d&&g(localStorage.getItem('sm_api_token')),m=t&&g(localStorage.getItem('sm_permissions'))||{};` +
          `if(t&&Date.parse(t.expires)>Date.now()+3e4){var o=window[${JSON.stringify(FIRST_REQUESTS_GLOBAL)}]={t:t.token,a:Date.now(),r:{}};` +
          `d.forEach(function(x){if(x[1]&&!m[x[1]])return;var q=o.r[x[0]]=fetch(x[0],{headers:{Accept:'application/json','X-User-Token':t.token},credentials:'same-origin',cache:'no-cache',redirect:'manual',priority:'high'});q.catch(function(){})})}}catch(e){}` +
          `(r[i][2]&&!s?l.concat(r[i][1]):r[i][1]).forEach(function(k){var e=document.createElement('link');` +
          `e.rel='modulepreload';e.crossOrigin='';e.href=${JSON.stringify(base)}+f[k];document.head.appendChild(e)});` +
          `break}}catch(e){}})` +
          `(${JSON.stringify(files)},${JSON.stringify(table)},${JSON.stringify(login)})`;
        // Before the stylesheet: an inline script after it would wait for the CSS to download.
        const at = html.search(/<script type="module"|<link rel="stylesheet"/);
        if (at < 0) return html;
        return `${html.slice(0, at)}<script>${script}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}
