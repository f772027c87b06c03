import type { SessionOutput } from '@outpost/contracts/auth';
import type { QueryClient } from '@tanstack/react-query';
import { storeSession } from './session';

/** A login (or verify-access) answer came back without the tokens (or the user) it must carry. */
export class MissingTokensError extends Error {
  override readonly name = 'MissingTokensError';
}

/**
 * Starts a session from a login or verify-access answer: tokens, user, permissions and the
 * account-holder flag are stored; nothing cached for an earlier user may show to this one.
 */
export function startSession(queryClient: QueryClient, session: SessionOutput): void {
  queryClient.clear();
  storeSession(session);
}
