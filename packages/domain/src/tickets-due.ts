/**
 * A ticket's due time on its team's business hours (docs/decisions/057), apart from the ticket
 * rules the web bundle imports: counting working time needs the zone arithmetic and the calendar,
 * which the login page must not download.
 */
import type { CallbackTeam } from './callback-slots';
import type { WorkingHours } from './time/working-time';
import { addWorkingMinutes } from './time/working-time';
import type { TicketPriority, TicketTeam } from './tickets-rules';
import { TICKET_RESPONSE_HOURS } from './tickets-rules';

/**
 * Whose hours a ticket's time to answer is counted in: the business file's team (decision 042)
 * that works the desk's team. Support is Technical Support, billing is Sales & Accounts; a ticket
 * nobody gave a team is support's.
 */
export const DESK_TEAM_HOURS: Record<TicketTeam, CallbackTeam> = {
  support: 'technical',
  billing: 'sales',
};

/** Each desk team's working hours (the business file's, with its closed days). */
export type DeskHours = Record<TicketTeam, WorkingHours>;

/**
 * When a ticket that came to the desk at `from` is due (docs/decisions/057): its priority's
 * response time later, counted in its team's business hours (closed days, nights and days off do
 * not count; from outside the hours the count starts at the next opening).
 */
export function ticketDueAt(
  priority: TicketPriority,
  from: Date,
  team: TicketTeam | null,
  hours: DeskHours,
): Date {
  return addWorkingMinutes(from, TICKET_RESPONSE_HOURS[priority] * 60, hours[team ?? 'support']);
}
