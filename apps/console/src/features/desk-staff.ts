import { useQuery } from '@tanstack/react-query';
import { adminRoutes } from '@outpost/contracts/admin';
import { STAFF_ROLE_SCOPES } from '@outpost/domain/admin-rules';
import { call } from '../api';
import { can, useSession } from '../session';

export type DeskPerson = { staffid: number; name: string };

/**
 * The people a ticket can be given to (those who hold `tickets`, decision 057). A staff admin reads
 * the staff list; anyone else at the desk has no such list (scope `staff`), so they choose from
 * themselves and the owners they have seen on tickets (`known`).
 */
export function useDeskStaff(known: readonly (DeskPerson | null | undefined)[] = []): DeskPerson[] {
  const session = useSession();
  const admin = can(session?.staff.role, 'staff');
  const staff = useQuery({
    queryKey: ['staff'],
    queryFn: ({ signal }) => call(adminRoutes.adminListStaff, { signal }),
    enabled: admin,
    staleTime: 5 * 60_000,
  });
  const people = new Map<number, string>();
  if (session) people.set(session.staff.staffid, session.staff.name);
  for (const m of staff.data ?? [])
    if (m.active && STAFF_ROLE_SCOPES[m.role].includes('tickets')) people.set(m.staffid, m.name);
  for (const k of known) if (k) people.set(k.staffid, k.name);
  return [...people]
    .map(([staffid, name]) => ({ staffid, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
