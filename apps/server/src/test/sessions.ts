import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { hashToken, newOpaqueToken } from '../lib/tokens';
import { sessions, tokens } from '../modules/auth/auth.schema';

export type TokenState = 'live' | 'expired' | 'revoked';

/** Mints a USER + REFRESH pair straight into the database, in the state a test needs. */
export async function mintSession(
  db: Db,
  userId: number,
  state: TokenState = 'live',
  now = new Date(),
  options: { stepUp?: boolean } = {},
): Promise<{ userToken: string; refreshToken: string; familyId: string }> {
  const userToken = newOpaqueToken();
  const refreshToken = newOpaqueToken();
  const familyId = randomUUID();
  const userExpires = new Date(now.getTime() + (state === 'expired' ? -60_000 : 900_000));
  const refreshExpires = new Date(now.getTime() + 30 * 86_400_000);
  const revokedAt = state === 'revoked' ? now : null;
  await db.insert(tokens).values([
    {
      tokenHash: hashToken(userToken),
      type: 'USER',
      userId,
      familyId,
      expiresAt: userExpires,
      revokedAt,
    },
    {
      tokenHash: hashToken(refreshToken),
      type: 'REFRESH',
      userId,
      familyId,
      expiresAt: refreshExpires,
      revokedAt,
    },
  ]);
  if (options.stepUp) {
    // The session verified a one-time code just now (decision 016's step-up).
    await db.insert(sessions).values({ familyId, userId, createdAt: now, stepUpAt: now });
  }
  return { userToken, refreshToken, familyId };
}
