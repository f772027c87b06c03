import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { TicketDetail, TicketListItem } from '@outpost/contracts/tickets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';

/** Every tickets query starts with this key (a reply or a new ticket invalidates them all). */
export const ticketsQueryKey = ['accounts', 'current', 'support-tickets'] as const;

/** GET /api/portal/accounts/current/support-tickets/: My Tickets, newest updated first. */
export function getTickets(signal?: AbortSignal): Promise<TicketListItem[]> {
  return apiData<TicketListItem[]>(apiPaths.supportTickets, { signal });
}

export function ticketsQueryOptions() {
  return queryOptions({
    queryKey: [...ticketsQueryKey, 'list'],
    queryFn: ({ signal }) => getTickets(signal),
  });
}

export function useTickets() {
  return useQuery(ticketsQueryOptions());
}

/** GET .../support-tickets/{ticketid}/: the ticket and its conversation. */
export function getTicket(ticketid: number, signal?: AbortSignal): Promise<TicketDetail> {
  return apiData<TicketDetail>(buildPath(apiPaths.supportTicket, { ticketid }), { signal });
}

export function ticketQueryOptions(ticketid: number) {
  return queryOptions({
    queryKey: [...ticketsQueryKey, 'detail', ticketid],
    queryFn: ({ signal }) => getTicket(ticketid, signal),
  });
}

export function useTicket(ticketid: number, enabled = true) {
  return useQuery({ ...ticketQueryOptions(ticketid), enabled });
}
