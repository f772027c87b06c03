import { apiPaths } from '@outpost/contracts/api-paths';
import type { SessionOutput } from '@outpost/contracts/auth';
import { apiData } from '@/lib/api-client';
import { isSessionPayload } from '@/lib/session';
import { MissingTokensError } from '@/lib/start-session';

/**
 * POST /api/portal/debug/integrate/ {method: 'auto-login-acct-holder', accountid} with the
 * holder's USER token (spec 3 section 2.10; off on the server unless XD_ENABLED): a fresh session
 * of the account holder.
 */
export async function autoLoginAccountHolder(accountid: number): Promise<SessionOutput> {
  const data = await apiData<unknown>(apiPaths.debugIntegrate, {
    method: 'POST',
    body: { method: 'auto-login-acct-holder', accountid },
    renewOn401: false,
  });
  if (!isSessionPayload(data)) throw new MissingTokensError('Auto-login answer without tokens');
  return data;
}

// One request per account for the life of the page (StrictMode runs the page's effect twice).
const requests = new Map<number, Promise<SessionOutput>>();

export function autoLoginAccountHolderOnce(accountid: number): Promise<SessionOutput> {
  let request = requests.get(accountid);
  if (!request) {
    request = autoLoginAccountHolder(accountid);
    requests.set(accountid, request);
    // A later visit asks again (the session it gave may have ended since).
    void request.then(
      () => requests.delete(accountid),
      () => requests.delete(accountid),
    );
  }
  return request;
}
