import { createHash } from 'node:crypto';
import { eq, getTableColumns, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { withTransaction } from '../db/client';
import { errorMaker } from './errors';
import { preparedOperations } from './prepared.schema';
import { hashToken, newOpaqueToken } from './tokens';

const PREPARE_TTL_MS = 10 * 60 * 1000;

export const csrfInvalidMessage =
  'Invalid request: this request has expired or was already used. Please start again.';

/** Prepare/commit errors: one text for all, so a caller learns nothing about someone else's csrf. */
export const preparedErrors = {
  csrfInvalid: csrfInvalidMessage,
  csrfUsed: csrfInvalidMessage,
  csrfExpired: csrfInvalidMessage,
} as const;
export type PreparedErrorCode = keyof typeof preparedErrors;

/** The HTTP status of each code. */
export const preparedStatuses = {
  csrfInvalid: 400,
  csrfUsed: 400,
  csrfExpired: 400,
} as const;
export const preparedError = errorMaker(preparedErrors, preparedStatuses);

/** A stable hash of a payload: the same fields in any order give the same hash. */
export function payloadHash(payload: Record<string, unknown>): string {
  const sorted = Object.keys(payload)
    .filter((k) => payload[k] !== undefined && k !== 'csrf')
    .sort()
    .map((k) => [k, payload[k]]);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

export type OperationKey = {
  kind: string;
  userId: number | null;
  payload: Record<string, unknown>;
};

/** Stores a pending operation and returns its csrf (only the hash is kept). */
export async function prepareOperation(db: Db, key: OperationKey, now: Date): Promise<string> {
  return (await prepareOperationRecord(db, key, now)).csrf;
}

/**
 * prepareOperation, also answering the operation's id and when it expires. `ttlMs`: how long its
 * csrf is accepted (10 minutes unless said); `subject`: the row it acts on when the commit's body
 * does not name it (a saved-card payment).
 */
export async function prepareOperationRecord(
  db: Db,
  key: OperationKey,
  now: Date,
  options: { ttlMs?: number | undefined; subject?: number | undefined } = {},
): Promise<{ id: number; csrf: string; expiresAt: Date }> {
  const csrf = newOpaqueToken();
  const [row] = await db
    .insert(preparedOperations)
    .values({
      csrfHash: hashToken(csrf),
      kind: key.kind,
      userId: key.userId,
      payloadHash: payloadHash(key.payload),
      subjectId: options.subject ?? null,
      expiresAt: new Date(now.getTime() + (options.ttlMs ?? PREPARE_TTL_MS)),
      createdAt: now,
    })
    .returning({ id: preparedOperations.id, expiresAt: preparedOperations.expiresAt });
  // Expired operations are of no use to anyone: clear a few out as we go.
  await db
    .delete(preparedOperations)
    .where(lt(preparedOperations.expiresAt, new Date(now.getTime() - PREPARE_TTL_MS)));
  return { id: row!.id, csrf, expiresAt: row!.expiresAt };
}

/**
 * The operation a csrf names, as it stands (nothing locked), when it is of this key's kind, caller
 * and payload: for a commit that must call the gateway before its transaction (so a csrf of
 * another payment or intent never reaches the gateway), and not at all when the operation was
 * committed before. `expired`: pending and past its time (committed ones never expire).
 */
export async function findOperation(
  db: Db,
  key: OperationKey & { csrf: string },
  now: Date,
): Promise<{ committed: boolean; expired: boolean; subject: number | null } | undefined> {
  const [row] = await db
    .select()
    .from(preparedOperations)
    .where(eq(preparedOperations.csrfHash, hashToken(key.csrf)));
  if (
    !row ||
    row.kind !== key.kind ||
    row.userId !== key.userId ||
    row.payloadHash !== payloadHash(key.payload)
  )
    return undefined;
  const committed = row.committedAt !== null;
  return { committed, expired: !committed && row.expiresAt <= now, subject: row.subjectId };
}

/**
 * Applies a prepared operation exactly once. Concurrent commits of one csrf queue on a row lock:
 * the first applies, the others then see it committed. With `replayable`, a repeated commit returns
 * the first result; without (results holding secrets such as tokens), it is refused.
 * `apply` runs in the same transaction; what it returns is stored as the result when replayable.
 * With `again` (the one-off payments, whose every commit asks the gateway and whose payment row
 * records the outcome once), a repeated commit runs `apply` again instead, however late.
 */
export async function commitOperation<T>(
  db: Db,
  key: OperationKey & { csrf: string },
  now: Date,
  options: { replayable: boolean; again?: boolean | undefined },
  apply: (tx: Db) => Promise<T>,
): Promise<T> {
  return withTransaction(db, async (tx) => {
    const [row] = await tx
      .select({
        ...getTableColumns(preparedOperations),
        // As the driver parsed it: drizzle's jsonb mapping would parse a stored string again.
        result: sql<unknown>`${preparedOperations.result}`,
      })
      .from(preparedOperations)
      .where(eq(preparedOperations.csrfHash, hashToken(key.csrf)))
      .for('update');
    const matches =
      row !== undefined &&
      row.kind === key.kind &&
      row.userId === key.userId &&
      row.payloadHash === payloadHash(key.payload);
    if (!matches) throw preparedError('csrfInvalid');
    if (row.committedAt && options.again) return apply(tx);
    if (row.committedAt) {
      if (options.replayable && row.result !== null) return row.result as T;
      throw preparedError('csrfUsed');
    }
    if (row.expiresAt <= now) throw preparedError('csrfExpired');
    const result = await apply(tx);
    await tx
      .update(preparedOperations)
      .set({ committedAt: now, result: options.replayable ? (result as object) : null })
      .where(eq(preparedOperations.id, row.id));
    return result;
  });
}
