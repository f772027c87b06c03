import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { holdsUnacceptableText } from '@outpost/domain/text-rules';
import { isApiPath } from '@outpost/contracts/api-paths';
import { commonError } from '../lib/errors';
import { DOCS_PREFIX } from './api-docs';
import { CONSOLE_POLICY, isConsolePath } from './console';

const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Where the card gateway's frames come from when Stripe is the gateway (Payment Request). */
const STRIPE_JS = 'https://js.stripe.com';

/**
 * The browser features no page of ours uses, denied to every page and every frame in it (a
 * script slipped in cannot ask for the camera or the location): Permissions-Policy. Payment
 * (the Payment Request API) only for the card gateway's frame when it is Stripe.
 */
export function permissionsPolicy(frameSources: readonly string[] = []): string {
  const payment = frameSources.includes(STRIPE_JS) ? `(self "${STRIPE_JS}")` : '()';
  return [
    'accelerometer=()',
    'autoplay=()',
    'camera=()',
    'display-capture=()',
    'geolocation=()',
    'gyroscope=()',
    'hid=()',
    'magnetometer=()',
    'microphone=()',
    'midi=()',
    `payment=${payment}`,
    'serial=()',
    'usb=()',
    'xr-spatial-tracking=()',
  ].join(', ');
}

/**
 * The security headers of an API answer, as raw header lines (each ending CRLF), for the answers
 * written straight to the socket when Node's HTTP parser refuses a request (app.ts
 * clientErrorHandler): those never pass through the hooks above.
 */
export function rawApiSecurityHeaders(production: boolean): string {
  return (
    `Content-Security-Policy: ${API_POLICY}\r\n` +
    'X-Content-Type-Options: nosniff\r\n' +
    'X-Frame-Options: DENY\r\n' +
    'Referrer-Policy: same-origin\r\n' +
    'Cross-Origin-Opener-Policy: same-origin\r\n' +
    'Cross-Origin-Resource-Policy: same-origin\r\n' +
    `Permissions-Policy: ${permissionsPolicy()}\r\n` +
    (production ? 'Strict-Transport-Security: max-age=31536000; includeSubDomains\r\n' : '')
  );
}

/**
 * The API docs page (Swagger UI, docs/decisions/028): its script and style files from our origin,
 * the one style element its bundle adds (by hash), the document it fetches, its logo (a data:
 * image). No inline script, no eval, no framing.
 */
export const DOCS_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The embedded usage page (spec path /embed/usage/{otc}): the one page others may frame. */
const EMBED_PAGE = /^\/embed\/usage\/[^/]+\/?$/;

function isDocsPage(path: string): boolean {
  return (
    path === DOCS_PREFIX || path === `${DOCS_PREFIX}/` || path.startsWith(`${DOCS_PREFIX}/static/`)
  );
}

export type SecurityOptions = {
  production: boolean;
  /** CSP sources of the page's own inline script (the brand), e.g. "'sha256-...'". */
  inlineScripts: string[];
  /** CSP sources of the page's own inline style (the brand's colours). */
  inlineStyles: string[];
  /** Outside origins let in: the card gateway's and live chat's, when configured. */
  csp: { script: string[]; frame: string[]; connect: string[] };
  /** Origins that may frame the embedded usage page (EMBED_FRAME_ANCESTORS); empty: none. */
  embedFrameAncestors: string[];
};

/**
 * What every response and every request passes through, whatever the route:
 * - the browser security headers of helmet (worked out once, helmetHeaders): on pages a Content-Security-Policy of our own
 *   origin only (no inline script but the page's hashed ones), on API answers one that loads
 *   nothing (so does /metrics); framing refused everywhere (no clickjacking) but on the embedded
 *   usage page for the origins configured; the API docs page a policy of its own;
 *   Referrer-Policy, X-Content-Type-Options, Cross-Origin-Opener-Policy, and HSTS in production;
 * - a Permissions-Policy denying the browser features no page uses (permissionsPolicy);
 * - `Cache-Control: no-store` on every API answer that does not set its own (tokens, personal
 *   data: nothing for a shared cache or the browser's disk);
 * - one rule for text: a request whose body, query or path holds control characters or broken
 *   text is refused with 400 before any route sees it (packages/domain/text-rules).
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  const browserHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...opts.inlineScripts, ...opts.csp.script],
        styleSrc: ["'self'", ...opts.inlineStyles],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...opts.csp.connect],
        frameSrc: opts.csp.frame.length > 0 ? opts.csp.frame : ["'none'"],
        ...(opts.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: opts.production
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    // The same as frame-ancestors 'none', for browsers that read only this header.
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // Headers for browsers long gone (IE's download and Flash policies, the XSS auditor) or
    // already covered by the policy above: every answer costs a satellite user their bytes.
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xDnsPrefetchControl: false,
    originAgentCluster: false,
  });
  // From the first hook, so they are there whatever answers the request (a refusal in a later
  // hook, the not-found handler, an error: fastify keeps a reply's headers through its error
  // handler). On the reply, not the raw response as helmet's middleware sets them: a header set
  // on the raw response sends Node down its slow path, setting and checking every other header of
  // the answer twice (about 4 µs of every API call, issue 38).
  const browserHeaderObject = Object.fromEntries(browserHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(browserHeaderObject);
    done();
  });

  const embedAncestors = opts.embedFrameAncestors.join(' ');
  const permissions = permissionsPolicy(opts.csp.frame);
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('permissions-policy', permissions);
    const path = request.url.split('?', 1)[0] ?? '';
    if (isDocsPage(path)) {
      void reply.header('content-security-policy', DOCS_POLICY);
    } else if (isConsolePath(path)) {
      // The console's page sets its own, with its nonce; its files and its 404s get this one.
      if (!String(reply.getHeader('content-security-policy')).includes("'nonce-")) {
        void reply.header('content-security-policy', CONSOLE_POLICY);
      }
    } else if (isApiPath(path) || path === '/metrics') {
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
      // An API answer is data, never a document: it may load nothing at all. Stricter than the
      // page's policy and a quarter of its bytes, on every call a satellite user pays for.
      void reply.header('content-security-policy', API_POLICY);
    } else if (embedAncestors && EMBED_PAGE.test(path)) {
      // The page's own policy, framed by the origins configured (X-Frame-Options cannot list
      // origins; a browser that reads frame-ancestors ignores it anyway).
      const policy = String(reply.getHeader('content-security-policy'));
      void reply.header(
        'content-security-policy',
        policy.replace("frame-ancestors 'none'", `frame-ancestors ${embedAncestors}`),
      );
      void reply.removeHeader('x-frame-options');
    }
    done(null, payload);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    if (
      holdsUnacceptableText(request.params) ||
      holdsUnacceptableText(request.query) ||
      holdsUnacceptableText(request.body)
    ) {
      request.log.info('refused control characters or broken text');
      done(commonError('badCharacters'));
      return;
    }
    done();
  });
});

/**
 * The headers helmet's middleware sets for these options, worked out once: none of them depends
 * on the request, and building the middleware (parsing and checking every policy directive) on
 * each request, as @fastify/helmet does, cost a quarter of an API call's time (issue 38).
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return [...headers];
}

/**
 * A URL as it may appear in a log line: no query string (recovery links carry codes there) and no
 * one-time code in a path (`/embed/usage/<otc>`).
 */
export function loggableUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(/^(\/embed\/usage\/)[^/]+/, '$1[redacted]');
  return query === undefined ? safePath : `${safePath}?[redacted]`;
}
