import { useSyncExternalStore } from 'react';
import { STAFF_ROLE_SCOPES, type AdminScope } from '@outpost/domain/admin-rules';
import { readSession, SESSION_EVENT, SESSION_KEY, type StaffSession } from './api';

let cached: { raw: string | null; session: StaffSession | null } = { raw: null, session: null };

function snapshot(): StaffSession | null {
  const raw = sessionStorage.getItem(SESSION_KEY);
  if (raw !== cached.raw) cached = { raw, session: readSession() };
  return cached.session;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(SESSION_EVENT, onChange);
  return () => window.removeEventListener(SESSION_EVENT, onChange);
}

/** The signed-in staff member (this tab's session), or null. */
export function useSession(): StaffSession | null {
  return useSyncExternalStore(subscribe, snapshot);
}

export type Role = StaffSession['staff']['role'];

/**
 * Whether the role holds an admin API scope (the same table the server checks): what its menus
 * and buttons offer. The server checks every call itself (decision 051).
 */
export function can(role: Role | undefined, scope: AdminScope): boolean {
  return role !== undefined && STAFF_ROLE_SCOPES[role].includes(scope);
}
