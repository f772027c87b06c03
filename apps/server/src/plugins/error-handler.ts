import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { serverErrors } from '@outpost/contracts/messages';
import { isConnectionLost } from '../db/client';
import { RateLimitStoreUnavailable } from './rate-limit-store';
import { AppError, RateLimitedError } from '../lib/errors';

type Issue = {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
};

function fieldName(instancePath: string): string {
  const name = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return name === '' ? 'the request' : name;
}

/** One plain sentence per validation issue, e.g. "username is required". */
export function describeIssue(issue: Issue): string {
  const field = fieldName(issue.instancePath);
  const p = issue.params;
  switch (issue.keyword) {
    case 'invalid_type':
      if (p.input === undefined && /received undefined/.test(issue.message ?? '')) {
        return `${field} is required`;
      }
      return `${field} must be ${String(p.expected)}`;
    case 'unrecognized_keys':
      return `unknown field${(p.keys as string[]).length > 1 ? 's' : ''} ${(p.keys as string[]).map((k) => `'${k}'`).join(', ')}`;
    case 'too_small':
      return p.origin === 'string' && p.minimum === 1
        ? `${field} is required`
        : `${field} is too short or too small`;
    case 'too_big':
      return `${field} is too long or too large`;
    default:
      return `${field} is not valid${issue.message ? ` (${issue.message})` : ''}`;
  }
}

/** The Retry-After (seconds) of a 503 that a module answers on purpose. */
const RETRY_AFTER_SECONDS = 30;

const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: serverErrors.malformedBody },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: serverErrors.malformedBody },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: serverErrors.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Bad request: Send the request body as application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: serverErrors.malformedBody },
};

/** What a log may hold of a failed query: its SQL text and the database's error, no values. */
function queryFailure(error: DrizzleQueryError) {
  const cause = error.cause as (Error & { code?: unknown }) | undefined;
  return {
    query: error.query,
    err: {
      type: cause?.name ?? 'DrizzleQueryError',
      message: cause?.message ?? 'query failed',
      code: cause?.code,
      stack: cause?.stack,
    },
  };
}

/**
 * Every failure answers `{ data: { error } }` with the prefixes the client cleans.
 * 5xx bodies never carry internals; the log does.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A module's own refusal: the status its `*.errors.ts` declares beside the code.
    if (error instanceof AppError) {
      const { statusCode: status, fields } = error;
      // A service we depend on is down for now (the card gateway): ask the caller to come back.
      if (status === 503) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      if (error instanceof RateLimitedError)
        void reply.header('retry-after', String(error.retryAfterSeconds));
      return reply
        .status(status)
        .send({ data: { error: error.message, ...(fields ? { fields } : {}) } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation as unknown as Issue[];
      const text = issues.slice(0, 5).map(describeIssue).join('; ');
      return reply.status(400).send({ data: { error: `Invalid request: ${text}.` } });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send({ data: { error: known.message } });
    if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
      return reply.status(400).send({ data: { error: serverErrors.malformedBody } });
    }
    const storeDown = error instanceof RateLimitStoreUnavailable;
    if (storeDown || isConnectionLost(error)) {
      // The database went away mid-request: the transaction rolled back (or, when the connection
      // died during COMMIT, may have committed; prepare/commit replays, other calls re-read).
      // Redis (the rate-limit counters) did not answer: nothing that needs a limit went ahead.
      if (storeDown) request.log.warn({ err: error.cause }, 'rate-limit store unavailable');
      else request.log.warn({ code: error.code }, 'database connection lost');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ data: { error: serverErrors.unavailable } });
    }
    const fastifyStatus = error.statusCode ?? 500;
    if (fastifyStatus >= 400 && fastifyStatus < 500) {
      request.log.info({ code: error.code }, 'client error');
      return reply
        .status(fastifyStatus)
        .send({ data: { error: 'Bad request: The request could not be handled.' } });
    }
    // A failed query's message carries its parameters (what people typed, hashes): log the SQL
    // text and the database's own error, never the values.
    const logged = error instanceof DrizzleQueryError ? queryFailure(error) : { err: error };
    request.log.error(logged, 'unhandled error');
    return reply.status(500).send({ data: { error: serverErrors.internal } });
  });
});
