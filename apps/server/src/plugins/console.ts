import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Where the staff console lives: its page and its assets, on the portal's origin. */
export const CONSOLE_PREFIX = '/console';

export function isConsolePath(pathname: string): boolean {
  return pathname === CONSOLE_PREFIX || pathname.startsWith(`${CONSOLE_PREFIX}/`);
}

/**
 * The console's own Content-Security-Policy (issue 39): its scripts from our origin only, no
 * inline script, no outside origin (the customer pages' card gateway and live chat are not let
 * in), never framed. Styles from our origin, and the one style element its dialogs add while open
 * (the scroll lock of Radix's dialog) by the page's nonce, fresh on every load.
 */
export function consolePolicy(styleNonce?: string): string {
  const styles = styleNonce ? `'self' 'nonce-${styleNonce}'` : "'self'";
  return `default-src 'self'; script-src 'self'; style-src ${styles}; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
}
export const CONSOLE_POLICY = consolePolicy();

/** Where the page says its nonce, for the style element the dialog library adds (get-nonce). */
const NONCE_META = /<meta name="csp-nonce" content="" ?\/?>/;

const NOT_BUILT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outpost console</title></head><body><main><h1>Outpost console</h1><p>The console is not built yet. Run <code>npm run build</code>, then restart.</p></main></body></html>';

/**
 * Serves the staff console (apps/console, docs/decisions/054): a bundle of its own under
 * /console/, never loaded by a customer page. Every path under /console/ that is not a file answers
 * the console's page (the console routes in the browser). Hashed assets are immutable for a year.
 */
export const consolePlugin = fp(async (app: FastifyInstance, opts: { consoleDist: string }) => {
  const indexFile = path.join(opts.consoleDist, 'index.html');
  const built = existsSync(indexFile);
  const html = built ? readFileSync(indexFile, 'utf8') : NOT_BUILT;

  if (built) {
    await app.register(fastifyStatic, {
      root: path.join(opts.consoleDist, 'assets'),
      prefix: `${CONSOLE_PREFIX}/assets/`,
      decorateReply: false,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply) => reply.header('cache-control', 'public, max-age=31536000, immutable'),
    });
  }

  // A fresh nonce on every load, so the page is never cached (it is half a kilobyte, on a desk).
  const sendPage = (reply: FastifyReply) => {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('cache-control', 'no-store')
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', consolePolicy(nonce))
      .status(200)
      .send(html.replace(NONCE_META, `<meta name="csp-nonce" content="${nonce}">`));
  };
  app.get(CONSOLE_PREFIX, { schema: { hide: true } }, (_request, reply) =>
    reply.redirect(`${CONSOLE_PREFIX}/`),
  );
  app.get(`${CONSOLE_PREFIX}/*`, { schema: { hide: true } }, (request, reply) => {
    // A missing asset is a 404, not the page (a stale tab asking for an old chunk).
    if (request.url.startsWith(`${CONSOLE_PREFIX}/assets/`)) {
      return reply.status(404).header('content-type', 'text/plain').send('Not found');
    }
    return sendPage(reply);
  });
});
