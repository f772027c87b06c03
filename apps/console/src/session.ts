import { useSyncExternalStore } from 'react';
import { readSession, SESSION_EVENT, type StaffSession } from './api';

let cached: { raw: string | null; session: StaffSession | null } = { raw: null, session: null };

function snapshot(): StaffSession | null {
  const raw = sessionStorage.getItem('outpost-console-session');
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

/** What each role's menu holds (the server checks every call itself; decision 051). */
export function canAdminister(role: Role): boolean {
  return role === 'admin';
}
