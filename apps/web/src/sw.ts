/// <reference lib="webworker" />
/**
 * The service worker (docs/decisions/031): Workbox precaches the app's hashed assets (the shell
 * and every route's chunks, the icons); the page itself comes from the server (it carries the
 * brand and the CSP hashes of its inline scripts), so navigations are answered from the last page
 * this version of the app saw, refreshed in the background, and from the network when there is
 * none yet. It never caches /api/ answers: the query persister keeps last-known data per user
 * (lib/query-persist.ts).
 *
 * Updates: no skipWaiting. A new version installs in the background (its assets and its page) and
 * waits until no tab runs the old one, so it takes over on the next visit, never mid-task.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { installPushHandlers, type WorkerScope } from './sw-push';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const manifest = self.__WB_MANIFEST;

/** This build's version: a hash of its precache list (every asset's name and revision). */
function hashOf(text: string): string {
  let hash = 5381;
  for (let i = 0; i < text.length; i += 1) hash = ((hash << 5) + hash + text.charCodeAt(i)) | 0;
  return (hash >>> 0).toString(36);
}
export const SW_VERSION = hashOf(JSON.stringify(manifest));

const PAGE_CACHE = `outpost-page-${SW_VERSION}`;
/** Every web route answers with the same page: it is kept once, under this key. */
const PAGE_KEY = '/';

const precached = new Set(
  manifest.map((entry) =>
    new URL(typeof entry === 'string' ? entry : entry.url, self.location.href).pathname.replace(
      /^\/?/,
      '/',
    ),
  ),
);

/**
 * Whether a page belongs to this version: every script it names is one of this version's assets.
 * A page of a newer deploy (seen before its worker took over) is not kept, so the cache never
 * pairs this version's assets with another version's page.
 */
function isThisVersionsPage(html: string): boolean {
  const scripts = [...html.matchAll(/\/assets\/[^"'\s>]+\.js/g)].map((m) => m[0]);
  return scripts.length > 0 && scripts.every((src) => precached.has(src));
}

async function fetchAndKeepPage(request: Request | string): Promise<Response> {
  const response = await fetch(request, { cache: 'no-cache' });
  if (response.status === 200 && response.headers.get('content-type')?.startsWith('text/html')) {
    const html = await response.clone().text();
    if (isThisVersionsPage(html)) {
      const cache = await caches.open(PAGE_CACHE);
      await cache.put(PAGE_KEY, response.clone());
    }
  }
  return response;
}

precacheAndRoute(manifest);
cleanupOutdatedCaches();
clientsClaim();

// The page, for every route of the app: at once from the cache (refreshed in the background), else
// the network. API calls, files (/downloads/..., the manifest, sw.js) and embeds are left alone.
registerRoute(
  new NavigationRoute(
    async ({ request, event }) => {
      const cached = await (await caches.open(PAGE_CACHE)).match(PAGE_KEY);
      if (!cached) return fetchAndKeepPage(request);
      const refresh = fetchAndKeepPage(request).catch(() => undefined);
      if ('waitUntil' in event) (event as ExtendableEvent).waitUntil(refresh);
      return cached;
    },
    { denylist: [/^\/api\//, /^\/embed\//, /^\/console(\/|$)/, /\/[^/]+\.[a-z0-9]+$/i] },
  ),
);

self.addEventListener('install', (event) => {
  // The new version's own page, fetched while it installs: the next visit needs no network.
  event.waitUntil(fetchAndKeepPage('/login').catch(() => undefined));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith('outpost-page-') && name !== PAGE_CACHE) await caches.delete(name);
    })(),
  );
});

// The page asks which version serves it (lib/sw-updates.ts shows 'Updated' when it changed).
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'VERSION' &&
    event.ports[0]
  )
    event.ports[0].postMessage({ version: SW_VERSION });
});

// Web Push (docs/decisions/026): notifications shown, and a click opens its navigation_url. The same
// handlers as the fallback /push-sw.js, so a subscription keeps working when this worker replaces it.
installPushHandlers(self as unknown as WorkerScope);
