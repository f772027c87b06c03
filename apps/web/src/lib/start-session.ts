import type { SessionOutput } from '@outpost/contracts/auth';
import type { QueryClient } from '@tanstack/react-query';
import { storeSession, storeStaffMarker, type StaffMarker } from './session';

/** A login (or verify-access) answer came back without the tokens (or the user) it must carry. */
export class MissingTokensError extends Error {
  override readonly name = 'MissingTokensError';
}

/**
 * Starts a session from a login or verify-access answer: tokens, user, permissions and the
 * account-holder flag are stored; nothing cached for an earlier user may show to this one. A
 * staff link's session passes its staff marker; any other login removes a marker left behind.
 */
export function startSession(
  queryClient: QueryClient,
  session: SessionOutput,
  staff: StaffMarker | null = null,
): void {
  queryClient.clear();
  storeStaffMarker(staff);
  storeSession(session);
}
