import { ticketNumber } from '@outpost/domain/tickets-rules';

/**
 * The ticket desk's tools in the console, without React (docs/decisions/057): who a ticket can be
 * given to, canned replies put into a draft, and which ticket a duplicate is merged into.
 */

export type DeskPerson = { staffid: number; name: string };

/**
 * The people of the assign picker and the queue's owner filter: the server's list of those who
 * work the desk, the signed-in staff member, and owners seen on tickets (someone since switched
 * off still owns what they had, and the filter finds it), each once, by name.
 */
export function deskPeople(
  assignees: readonly DeskPerson[],
  known: readonly (DeskPerson | null | undefined)[],
): DeskPerson[] {
  const people = new Map<number, string>();
  for (const a of assignees) people.set(a.staffid, a.name);
  for (const k of known) if (k && !people.has(k.staffid)) people.set(k.staffid, k.name);
  return [...people]
    .map(([staffid, name]) => ({ staffid, name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.staffid - b.staffid);
}

/**
 * Text put into a draft where the cursor is (replacing what is selected); a draft of nothing but
 * spaces is replaced. Answers the new draft and where the cursor goes (after the text put in).
 */
export function insertIntoDraft(
  draft: string,
  text: string,
  selection: { start: number; end: number } | null,
): { value: string; caret: number } {
  if (draft.trim() === '') return { value: text, caret: text.length };
  const start = clamp(selection?.start ?? draft.length, draft.length);
  const end = Math.max(start, clamp(selection?.end ?? start, draft.length));
  const value = draft.slice(0, start) + text + draft.slice(end);
  return { value, caret: start + text.length };
}

const clamp = (n: number, max: number) => Math.max(0, Math.min(n, max));

/** A placeholder as a canned reply's text writes it. */
export const placeholderText = (name: string) => `{{${name}}}`;

/** A canned reply's first words for a list: one line, at most `max` characters, cut at a word. */
export function cannedPreview(body: string, max = 120): string {
  const line = body.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = line.charAt(max - 1) === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The id of the ticket a number typed names: 'T240123', 't240123', '240123' (spaces aside). */
export function ticketIdFromNumber(typed: string): number | null {
  const match = /^\s*[Tt]?\s*([1-9][0-9]{0,8})\s*$/.exec(typed);
  return match ? Number(match[1]) : null;
}

export const MERGE_NUMBER_PROBLEM = 'Type the ticket number, such as T240123.';

/** A ticket of the customer's (their recent activity) that a duplicate may be merged into. */
export type AccountTicket = { ticket_id: number; subject: string; status: string };

/** The customer's other tickets still open (not resolved), newest first as the list has them. */
export function mergeCandidates(tickets: readonly AccountTicket[], current: number) {
  return tickets
    .filter((t) => t.ticket_id !== current && t.status !== 'Resolved')
    .map((t) => ({ ticketid: t.ticket_id, number: ticketNumber(t.ticket_id), ...t }));
}

const count = (n: number, one: string, many: string) =>
  n === 0 ? `no ${many}` : `${n} ${n === 1 ? one : many}`;

/** What the ticket that carries on tells the staff member just after a merge. */
export function mergedHereText(
  number: string,
  moved: { messages: number; attachments: number; notes: number },
): string {
  return `${number} was merged into this ticket: ${count(moved.messages, 'message', 'messages')}, ${count(moved.attachments, 'attachment', 'attachments')} and ${count(moved.notes, 'internal note', 'internal notes')} moved here.`;
}

/**
 * Where a refused canned reply's message goes: under the field it is about (the server's 400 on
 * the text names a placeholder or the braces; 409 is a title taken), else above the buttons.
 */
export function cannedFailurePlace(error: {
  status: number;
  message: string;
  fields?: Record<string, string> | undefined;
}): { place: 'title' | 'body' | 'form'; message: string } {
  if (error.fields?.title) return { place: 'title', message: error.fields.title };
  if (error.fields?.body) return { place: 'body', message: error.fields.body };
  if (error.status === 409) return { place: 'title', message: error.message };
  if (error.status === 400) return { place: 'body', message: error.message };
  return { place: 'form', message: error.message };
}
