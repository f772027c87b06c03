import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { hashToken, newOpaqueToken } from '../lib/tokens';
import { eq } from 'drizzle-orm';
import { sessions, tokens } from '../modules/auth/auth.schema';
import { staffMembers, staffSessions } from '../modules/staff/staff.schema';

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

/** Mints a live staff session (X-Staff-Token) of the staff member with this email. */
export async function mintStaffSession(db: Db, email: string, now = new Date()): Promise<string> {
  const token = newOpaqueToken();
  const [member] = await db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(eq(staffMembers.email, email));
  if (!member) throw new Error(`no staff member ${email}`);
  await db.insert(staffSessions).values({
    staffId: member.id,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + 30 * 60_000),
  });
  return token;
}
