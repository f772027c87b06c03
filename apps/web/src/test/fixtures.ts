import type { SessionOutput } from '@outpost/contracts/auth';
import { permissionNames, type PermissionName } from '@outpost/contracts/permissions';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { markRestored } from '@/lib/restored-copies';
import { storeSession } from '@/lib/session';

const MINUTE = 60_000;

export type SessionFixture = {
  permissions?: readonly PermissionName[];
  accountHolder?: boolean;
  /** Minutes until the USER token expires (negative: expired). */
  userMinutes?: number;
  /** Minutes until the REFRESH token expires. */
  refreshMinutes?: number;
  tokenSuffix?: string;
};

/** A login or refresh answer like the server's. */
export function sessionPayload(fixture: SessionFixture = {}): SessionOutput {
  const now = Date.now();
  const userExpires = new Date(now + (fixture.userMinutes ?? 15) * MINUTE).toISOString();
  const suffix = fixture.tokenSuffix ?? '1';
  const granted = new Set(fixture.permissions ?? permissionNames);
  return {
    tokens: [
      { type: 'USER', token: `user-token-${suffix}`, expires: userExpires },
      {
        type: 'REFRESH',
        token: `refresh-token-${suffix}`,
        expires: new Date(now + (fixture.refreshMinutes ?? 30 * 24 * 60) * MINUTE).toISOString(),
      },
    ],
    user: {
      user_id: 7,
      username: 'holder',
      given_names: 'Jordan',
      surname: 'Citizen',
      session_expiry: userExpires,
    },
    permissions: permissionNames.map((permission) => ({
      permission,
      enabled: granted.has(permission) ? 1 : 0,
    })),
    account_holder: fixture.accountHolder ?? true,
  };
}

/** Stores a session as a login would. */
export function signIn(fixture: SessionFixture = {}): SessionOutput {
  const payload = sessionPayload(fixture);
  storeSession(payload);
  return payload;
}

/**
 * Puts `data` under `queryKey` as lib/query-persist.ts's restore leaves a copy kept on the device:
 * saved a minute ago, invalidated (fetched again by whatever shows it) and marked as restored.
 */
export function restoreCopy(queryClient: QueryClient, queryKey: QueryKey, data: unknown): void {
  queryClient.setQueryData(queryKey, data, { updatedAt: Date.now() - MINUTE });
  void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  markRestored(queryClient.getQueryCache().find({ queryKey, exact: true })!);
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function errorResponse(status: number, error: string): Response {
  return jsonResponse({ data: { error } }, status);
}

export const profileBody = {
  data: {
    user_id: 7,
    account_id: 1234,
    username: 'holder',
    title: null,
    given_names: 'Jordan',
    surname: 'Citizen',
    email: null,
    mobile: null,
    date_of_birth: null,
    role: 'Account Holder',
    relationship: 'Self',
    role_status: 'active',
    account_holder: true,
  },
};
