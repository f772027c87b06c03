import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { withTransaction } from '../db/client';
import { errorMaker } from './errors';
import { idempotencyKeys } from './idempotency.schema';
import { payloadHash } from './prepared';

/** How long a key's first result is kept (then the key may be used again). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export const idempotencyErrors = {
  idempotencyKeyReused:
    'Invalid request: this Idempotency-Key was already used for a different request. Send a new key for a new request.',
} as const;
export const idempotencyError = errorMaker(idempotencyErrors, { idempotencyKeyReused: 422 });

/** Who sent a key, the key, and what it was sent with. */
export type IdempotentRequest = {
  /** The caller: 'key:ID' or 'staff:ID'. Keys of different callers never meet. */
  principal: string;
  key: string;
  /** The route's id: a key is bound to the route it was first used on. */
  route: string;
  /** The params and body: a repeat must send the same. */
  payload: Record<string, unknown>;
};

/**
 * Runs `work` once per key (docs/decisions/051): the key is claimed in the work's own
 * transaction, so the result is stored exactly when the work commits, and a repeat answers that
 * result (`replayed`) without running it. A repeat sent while the first is still running waits
 * for it (the claim's primary key), then answers its result; if the first failed (nothing
 * committed), the repeat runs the work itself. A key sent with another route or payload is
 * refused (422). Failures are not kept: a refused request may be corrected and sent again.
 */
export async function idempotent<T>(
  db: Db,
  request: IdempotentRequest,
  now: Date,
  work: (tx: Db) => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  const hash = payloadHash(request.payload);
  return withTransaction(db, async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({
        principal: request.principal,
        key: request.key,
        route: request.route,
        requestHash: hash,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.principal, request.principal),
            eq(idempotencyKeys.key, request.key),
          ),
        );
      if (!first || first.route !== request.route || first.requestHash !== hash)
        throw idempotencyError('idempotencyKeyReused');
      return { result: first.result as T, replayed: true };
    }
    const result = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ result: result as object })
      .where(
        and(eq(idempotencyKeys.principal, request.principal), eq(idempotencyKeys.key, request.key)),
      );
    return { result, replayed: false };
  });
}

/** Forgets keys older than IDEMPOTENCY_TTL_MS (a daily job). */
export async function forgetIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
