import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '@outpost/contracts/api-paths';
import { PERMISSIONS_HEADER } from '@outpost/contracts/permissions';

/** The request headers the web client sends (lib/api-client.ts). */
const ALLOWED_HEADERS = 'Accept, Content-Type, X-User-Token, X-Refresh-Token';
/** What the client reads from an answer: the permissions fingerprint and a file's name. */
const EXPOSED_HEADERS = `${PERMISSIONS_HEADER}, Content-Disposition`;
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
/**
 * A day: the app asks once a day per path, not before every call (each preflight is another
 * satellite round trip). Browsers cap it lower (Chromium 2 h); WebKit honours it.
 */
const PREFLIGHT_MAX_AGE = '86400';

/**
 * CORS for the native app (docs/decisions/026): its web view loads from capacitor://localhost (iOS)
 * or https://localhost (Android) and calls the API on the server's origin. Only the configured
 * origins get CORS headers, on /api/ only; any other origin gets none, so its browser refuses to
 * hand it the answer. No credentials: the tokens travel in headers, never in cookies.
 */
export const corsPlugin = fp(async (app: FastifyInstance, opts: { origins: string[] }) => {
  const allowed = new Set(opts.origins.map((o) => o.toLowerCase()));
  if (allowed.size === 0) return;

  // A plain callback hook, as the others on every request: no promise per request (issue 38).
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApiPath(request.url.split('?', 1)[0] ?? '')) {
      done();
      return;
    }
    const origin = request.headers.origin;
    void reply.header('vary', 'Origin');
    if (typeof origin !== 'string' || !allowed.has(origin.toLowerCase())) {
      done();
      return;
    }
    void reply.header('access-control-allow-origin', origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      // The preflight is answered here; a callback hook that sends does not call done.
      void reply
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', PREFLIGHT_MAX_AGE)
        .status(204)
        .send();
      return;
    }
    void reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    done();
  });
});
