import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { TicketDetail, TicketMessage } from '@outpost/contracts/tickets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/lib/api-client';
import { ticketQueryOptions, ticketsQueryKey } from './get-tickets';

export type TicketReplyResult = { message: TicketMessage; status: string; status_label: string };

/** POST .../support-tickets/{ticketid}/replies/ with the message. */
export function replyToTicket(ticketid: number, message: string): Promise<TicketReplyResult> {
  return apiData<TicketReplyResult>(buildPath(apiPaths.supportTicketReply, { ticketid }), {
    method: 'POST',
    body: { message },
  });
}

/** The dashboard's key (its notice of a ticket waiting on the customer goes once they reply). */
const dashboardKey = ['users', 'current', 'dashboard'] as const;

/**
 * Sends a reply. The answer (the stored message and the new status) goes straight into the
 * ticket's cache, so the conversation shows it without a second request; the list and the
 * dashboard reload when next shown.
 */
export function useReplyToTicket(ticketid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => replyToTicket(ticketid, message),
    onSuccess: (result) => {
      queryClient.setQueryData<TicketDetail>(ticketQueryOptions(ticketid).queryKey, (ticket) =>
        ticket
          ? {
              ...ticket,
              status: result.status,
              status_label: result.status_label,
              updated: result.message.created,
              messages: [...ticket.messages, result.message],
            }
          : ticket,
      );
      void queryClient.invalidateQueries({ queryKey: [...ticketsQueryKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: dashboardKey });
    },
  });
}
