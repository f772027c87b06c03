import { hash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from '@outpost/contracts/api-paths';

/**
 * ETags on API reads (issue 21, docs/decisions/032): every successful GET (and HEAD) under /api/
 * whose route leaves the caching to us gets a weak ETag of its serialized body and
 * `Cache-Control: private, no-cache` (the browser may keep it, must ask before using it, and no
 * shared cache keeps it). A request whose If-None-Match holds that tag is answered 304 without the
 * body: the route still ran with the caller's token (authentication, permissions, account scope
 * all applied), so a 304 only ever says "what you hold is exactly what you would get now". An ETag
 * from another user's answer matches only when the two bodies are identical.
 *
 * Routes that set their own Cache-Control (files, `no-store` answers, public pages) are left alone.
 * Registered before the security plugin (which makes `no-store` the default) so it runs first,
 * and before compression (a route-level hook) so the tag is of the JSON, not of its encoding.
 */
export const etagPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      reply.statusCode !== 200 ||
      !isApiPath(request.url.split('?', 1)[0] ?? '') ||
      reply.hasHeader('cache-control') ||
      (typeof payload !== 'string' && !Buffer.isBuffer(payload))
    ) {
      done(null, payload);
      return;
    }
    // One-shot hash (no Hash object per answer); a tag, not a secret, so SHA-1 is enough.
    const etag = `W/"${hash('sha1', payload, 'base64url')}"`;
    void reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (matches(request.headers['if-none-match'], etag)) {
      void reply.code(304);
      done(null, '');
      return;
    }
    done(null, payload);
  });
});

/** If-None-Match: `*` or a list of tags, compared weakly (RFC 9110 section 13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.slice(2);
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}
