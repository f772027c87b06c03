import type { CallbackSettings } from '@outpost/domain/callback-slots';
import { DEFAULT_CALLBACK_SETTINGS } from '@outpost/domain/callback-slots';
import type { TicketPriority, TicketTeam } from '@outpost/domain/tickets-rules';
import { TICKET_TEAMS } from '@outpost/domain/tickets-rules';
import type { DeskHours } from '@outpost/domain/tickets-due';
import { DESK_TEAM_HOURS, ticketDueAt } from '@outpost/domain/tickets-due';

/**
 * The desk's business hours (docs/decisions/057, "Service levels"): each desk team's hours are
 * the business file's team's (decision 042) with the calendar's closed days. Set once when the
 * configuration loads, as the business time zone is (decision 041): every ticket's due time,
 * whoever opens it (the customer, a callback, an order, the desk), is counted in them.
 */
export function deskHoursOf(settings: CallbackSettings): DeskHours {
  return Object.fromEntries(
    TICKET_TEAMS.map((team) => [
      team,
      { week: settings.teams[DESK_TEAM_HOURS[team]].week, closureOn: settings.closureOn },
    ]),
  ) as DeskHours;
}

/** Until the configuration loads: the default hours, without closed days (a unit test's). */
let deskHours: DeskHours = deskHoursOf(DEFAULT_CALLBACK_SETTINGS);

/** The business file's hours and closed days (config.ts, at start-up). */
export function setDeskHours(settings: CallbackSettings): void {
  deskHours = deskHoursOf(settings);
}

/** When a ticket of `team` that came to the desk at `from` is due (ticketDueAt, in the desk's hours). */
export function deskDueAt(priority: TicketPriority, from: Date, team: TicketTeam | null): Date {
  return ticketDueAt(priority, from, team, deskHours);
}
