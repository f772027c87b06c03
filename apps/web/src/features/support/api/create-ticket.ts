import { apiPaths } from '@outpost/contracts/api-paths';
import type { TicketCategory } from '@outpost/domain/tickets-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { prepareCommit } from '@/lib/prepare-commit';
import { ticketsQueryKey } from './get-tickets';

export type NewTicketInput = {
  category: TicketCategory;
  serviceid: number | null;
  subject: string;
  description: string;
  attachment: File | null;
};

export type NewTicketResult = { ticketid: number; number: string };

/** A file's bytes as base64 (the commit carries them in its JSON body), read by the browser. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * Make a Request: prepare with the fields and the attachment's name and size (a file too big is
 * refused before its bytes are sent), then commit with the bytes as base64. Exactly once: a
 * repeated commit answers the same ticket.
 */
export async function createTicket(input: NewTicketInput): Promise<NewTicketResult> {
  const { attachment, ...fields } = input;
  const meta = attachment ? { filename: attachment.name, size: attachment.size } : null;
  return prepareCommit<NewTicketResult>({
    prepare: apiPaths.newTicketPrepare,
    commit: apiPaths.newTicketCommit,
    body: { ...fields, attachment: meta },
    commitBody: attachment
      ? { attachment: { ...meta, content: await fileToBase64(attachment) } }
      : undefined,
  });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ticketsQueryKey, 'list'] }),
  });
}
