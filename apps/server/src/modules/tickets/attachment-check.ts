import { ATTACHMENT_MAX_BYTES, sniffAttachmentType } from '@outpost/domain/tickets-rules';
import { ticketsError } from './tickets.errors';

/**
 * The upload rules of a ticket's attachment (docs/decisions/017), one for the customer's Make a
 * Request and the desk's reply (docs/decisions/057).
 */

export type AttachmentIn = { filename: string; size: number; content?: string };

/**
 * An attachment as the commit sent it: the declared size within the limit (checked at prepare
 * too, before any bytes are sent), the bytes that size, and the content an image or a PDF by its
 * first bytes. Returns null when there is none, or nothing to read yet (prepare).
 */
export function checkAttachment(attachment: AttachmentIn | null | undefined) {
  if (!attachment) return null;
  if (attachment.size > ATTACHMENT_MAX_BYTES) throw ticketsError('attachmentTooBig');
  if (attachment.content === undefined) return null;
  const bytes = Buffer.from(attachment.content, 'base64');
  if (bytes.length > ATTACHMENT_MAX_BYTES) throw ticketsError('attachmentTooBig');
  if (bytes.length !== attachment.size) throw ticketsError('attachmentSizeMismatch');
  const contentType = sniffAttachmentType(bytes.subarray(0, 16));
  if (!contentType) throw ticketsError('attachmentWrongType');
  return { filename: attachment.filename, size: bytes.length, contentType, bytes };
}
