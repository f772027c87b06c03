import { useQuery } from '@tanstack/react-query';
import { adminRoutes } from '@outpost/contracts/admin';
import { call } from '../api';
import { can, useSession } from '../session';
import { deskPeople, type DeskPerson } from './desk-tools';

export type { DeskPerson } from './desk-tools';

/**
 * The people a ticket can be given to (decision 057): the active staff members whose role works
 * the desk (`GET desk/assignees/`, scope `tickets`: support and billing read it without the staff list's scope
 * `staff`), and the owners seen on tickets (`known`: one since switched off still owns theirs).
 * Until the list comes (or when it cannot be read), the signed-in person is there to take a ticket.
 */
export function useDeskStaff(known: readonly (DeskPerson | null | undefined)[] = []): DeskPerson[] {
  const session = useSession();
  const assignees = useQuery({
    queryKey: ['desk-assignees'],
    queryFn: ({ signal }) => call(adminRoutes.adminDeskAssignees, { signal }),
    enabled: can(session?.staff.role, 'tickets'),
    staleTime: 5 * 60_000,
  });
  const me = session ? { staffid: session.staff.staffid, name: session.staff.name } : null;
  return deskPeople(assignees.data ?? [], [me, ...known]);
}
