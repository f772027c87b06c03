import { formatDateTime } from '@outpost/domain/format';
import { zoneAbbreviation } from '@outpost/domain/time/names';
import { serviceName } from '@outpost/domain/phone-format';
import {
  ATTACHMENT_MAX_BYTES,
  TICKET_MESSAGE_MAX,
  ticketTexts,
} from '@outpost/domain/tickets-rules';

/** A ticket time in the business zone, with the zone's name then: '24/11/26 9:05 am AEST'. */
export function ticketTime(iso: string): string {
  return `${formatDateTime(iso)} ${zoneAbbreviation(new Date(iso))}`;
}

/** How a service is named in the request form (as My Services and My Tickets name it). */
export function ticketServiceLabel(service: {
  nickname: string | null;
  technology: string;
  identifier: string;
}): string {
  const base = serviceName(service.technology, service.identifier);
  return service.nickname ? `${service.nickname} (${base})` : base;
}

/** A required text: the spec's 'This field is required' when blank. */
export function checkRequired(value: string | undefined): string | null {
  return (value ?? '').trim() === '' ? ticketTexts.required : null;
}

/** A message: required, and within the length the server takes. */
export function checkMessage(value: string | undefined): string | null {
  const required = checkRequired(value);
  if (required) return required;
  return (value ?? '').trim().length > TICKET_MESSAGE_MAX
    ? `Please keep it to ${TICKET_MESSAGE_MAX.toLocaleString('en-AU')} characters.`
    : null;
}

const ACCEPTED = /^(image\/(png|jpeg|gif|webp)|application\/pdf)$/;

/**
 * The attachment as the browser describes it: the size (the server's limit and message) and
 * the declared type. The server checks the content itself; this only saves a wasted upload.
 */
export function checkAttachment(file: File | null): string | null {
  if (!file) return null;
  if (file.size > ATTACHMENT_MAX_BYTES) return ticketTexts.attachmentTooBig;
  if (file.type !== '' && !ACCEPTED.test(file.type)) return ticketTexts.attachmentWrongType;
  return null;
}
