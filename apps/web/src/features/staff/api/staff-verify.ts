import { apiPaths } from '@outpost/contracts/api-paths';
import type { SessionOutput } from '@outpost/contracts/auth';
import { apiData } from '@/lib/api-client';
import { isSessionPayload, type StaffMarker } from '@/lib/session';
import { StaffLinkAnswerError, staffMarkerOf } from '@/lib/staff-link';

export type StaffLogin = { session: SessionOutput; staff: StaffMarker };

/** POST /api/portal/staff-login/verify/ {token}: a staff-assisted session of the account holder. */
export async function staffLoginVerify(token: string): Promise<StaffLogin> {
  const data = await apiData<unknown>(apiPaths.staffLoginVerify, {
    method: 'POST',
    body: { token },
    auth: 'none',
  });
  const staff = staffMarkerOf('login', data);
  if (!isSessionPayload(data) || !staff)
    throw new StaffLinkAnswerError('Staff link answer without a session');
  return { session: data, staff };
}

// A link works once: the page's two effects in StrictMode (and a re-render) share one request.
const loginRequests = new Map<string, Promise<StaffLogin>>();

/** staffLoginVerify, once per token for the life of the page. */
export function staffLoginVerifyOnce(token: string): Promise<StaffLogin> {
  let request = loginRequests.get(token);
  if (!request) {
    request = staffLoginVerify(token);
    loginRequests.set(token, request);
  }
  return request;
}
