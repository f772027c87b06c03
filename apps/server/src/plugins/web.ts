import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '@outpost/contracts/api-paths';
import type { Brand, InjectedBrand } from '@outpost/contracts/brand';
import { BRAND_COLOR_PROPERTIES, BRAND_GLOBAL, BRAND_LOGO_PATH } from '@outpost/contracts/brand';
import { messages, serverErrors } from '@outpost/contracts/messages';
import { webRoutes } from '@outpost/contracts/web-routes';
import { brandStyle } from '../brand';

const BRAND_PLACEHOLDER = '<!--outpost-brand-->';

/** Regular expressions for the web route table, to answer unknown paths with status 404. */
const knownPaths = webRoutes.map(
  (r) =>
    new RegExp(
      `^${r.path
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(
          /:[a-zA-Z]+(-[a-z-]+)?/g,
          (_m, suffix: string | undefined) => `[^/]+${suffix ?? ''}`,
        )}/?$`,
    ),
);

export function isKnownWebPath(pathname: string): boolean {
  return knownPaths.some((re) => re.test(pathname));
}

function brandScriptBody(brand: InjectedBrand): string {
  // JSON in a script element: escape '<' so no value can close the element.
  return `window.${BRAND_GLOBAL}=${JSON.stringify(brand).replace(/</g, '\\u003c')}`;
}

export type IndexPage = {
  html: string;
  built: boolean;
  /** CSP sources ('sha256-...') of the page's inline scripts: they run, and nothing else inline. */
  inlineScripts: string[];
  /** CSP sources of the page's inline style elements (the brand's colours). */
  inlineStyles: string[];
};

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g;
const THEME_COLOR = /(<meta name="theme-color" content=")#[0-9a-fA-F]{3,8}(")/;

const cspHashes = (html: string, pattern: RegExp) =>
  [...html.matchAll(pattern)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );

/**
 * The test-site banner (decision 034): in the page as served, above the app, so it is there at
 * the first paint (nothing moves when it appears), on every page, with or without script. Plain
 * text on a pale yellow with a dark brown (contrast over 11:1); it wraps on a 360 px screen.
 */
const TEST_SITE_STYLE =
  '.outpost-test-site{margin:0;padding:4px 12px;background:#fff3cd;color:#3d2e00;border-bottom:1px solid #b58900;font-size:0.875rem;font-weight:600;line-height:1.4;text-align:center}';
export const TEST_SITE_BANNER = `<p class="outpost-test-site" role="note">${messages.billing.testSite}</p>`;

export type IndexPageOptions = {
  /** Production with payments that take no real money: the banner on every page. */
  testPaymentsBanner?: boolean;
};

/** The page every web route answers with: the built index.html with the brand put in. */
export function indexPage(
  webDist: string,
  brand: InjectedBrand,
  options: IndexPageOptions = {},
): IndexPage {
  const indexFile = path.join(webDist, 'index.html');
  const built = existsSync(indexFile);
  const banner = options.testPaymentsBanner === true;
  const html = built
    ? readFileSync(indexFile, 'utf8')
        // The colours go in before the first paint, so nothing redraws in the brand's colours.
        .replace(
          BRAND_PLACEHOLDER,
          `<style>${brandStyle(brand.colors, BRAND_COLOR_PROPERTIES)}${banner ? TEST_SITE_STYLE : ''}</style><script>${brandScriptBody(brand)}</script>`,
        )
        .replace(THEME_COLOR, `$1${brand.colors.primary}$2`)
        .replace(/<body([^>]*)>/, (body) => (banner ? `${body}${TEST_SITE_BANNER}` : body))
    : '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outpost</title></head><body><main><h1>Outpost API</h1><p>The web app is not built yet. Run <code>npm run build</code>, then restart.</p></main></body></html>';
  return {
    html,
    built,
    inlineScripts: cspHashes(html, INLINE_SCRIPT),
    inlineStyles: cspHashes(html, INLINE_STYLE),
  };
}

/**
 * The web app manifest (installable on Android and desktop), from the brand: the provider's name,
 * the colours and the icons of the built app (apps/web/public/icons).
 */
export function webAppManifest(brand: Brand): Record<string, unknown> {
  return {
    id: '/',
    name: brand.providerName,
    short_name: brand.providerName,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brand.colors.primary,
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  };
}

/**
 * Serves the built web app on the same origin as the API (no CORS preflight on a satellite link).
 * Hashed assets are immutable for a year; index.html is revalidated with an ETag so a repeat
 * visit costs one small 304.
 */
export const webPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      webDist: string;
      page: IndexPage;
      logo: { svg: Buffer; etag: string };
      brand: Brand;
    },
  ) => {
    const { html, built } = opts.page;
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    // The page never changes while the server runs: compress it once, at the highest settings.
    const encoded = {
      br: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(html, { level: 9 }),
    };

    if (built) {
      await app.register(fastifyStatic, {
        root: opts.webDist,
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          // The service worker is checked for a new version on every visit: never a stale copy.
          const worker = path.basename(filePath) === 'sw.js';
          reply.header(
            'cache-control',
            immutable
              ? 'public, max-age=31536000, immutable'
              : worker
                ? 'no-cache'
                : 'public, max-age=86400',
          );
        },
      });
    }

    const sendIndex = (request: FastifyRequest, reply: FastifyReply, status: number) => {
      reply
        .header('cache-control', 'no-cache')
        .header('etag', etag)
        .header('content-type', 'text/html; charset=utf-8')
        .header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted)
        ? 'br'
        : /\bgzip\b/.test(accepted)
          ? 'gzip'
          : undefined;
      if (!encoding) return reply.status(status).send(html);
      return reply.status(status).header('content-encoding', encoding).send(encoded[encoding]);
    };

    app.get('/', { compress: false, schema: { hide: true } }, (request, reply) =>
      sendIndex(request, reply, 200),
    );

    // The brand's logo (checked at start-up: nothing in it runs or loads). The page asks for it
    // with its version ('?v='), so a day's caching never shows an old logo after a change.
    app.get(BRAND_LOGO_PATH, { schema: { hide: true } }, (request, reply) => {
      reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('etag', opts.logo.etag)
        // Opened on its own, the image may run and load nothing.
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        );
      if (request.headers['if-none-match'] === opts.logo.etag) return reply.status(304).send();
      return reply.send(opts.logo.svg);
    });

    const manifest = JSON.stringify(webAppManifest(opts.brand));
    app.get('/manifest.webmanifest', { schema: { hide: true } }, (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=86400')
        .header('content-type', 'application/manifest+json; charset=utf-8')
        .send(manifest),
    );

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (isApiPath(pathname) || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.status(404).send({ data: { error: serverErrors.routeNotFound } });
      }
      return sendIndex(request, reply, isKnownWebPath(pathname) ? 200 : 404);
    });
  },
);
