import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ScheduleBooking, ScheduleSlot } from '@outpost/contracts/admin-callbacks';
import {
  CALLBACK_TEAM_NAMES,
  CALLBACK_TEAMS,
  slotLabel,
  type CallbackTeam,
} from '@outpost/domain/callback-slots';
import { addCalendarDays, businessDate } from '@outpost/domain/time/zoned';
import { Badge, PageHeader, QueryView, Section } from '../components/ui';
import {
  CapacityDialog,
  OutcomeDialog,
  customerTimeText,
  staffTimeZone,
  useSchedule,
} from '../features/callbacks';
import { can, useSession } from '../session';

/** '10:30 am AEST', with the staff member's own time when their clock reads otherwise. */
function slotHeading(slot: ScheduleSlot, zone: string): string {
  const business = `${slot.aest} ${slot.zone}`;
  const own = slotLabel(new Date(slot.start), zone);
  return own.same ? business : `${business} · ${own.local} your time`;
}

/**
 * The callback schedule (decision 059): one team's day or week, each slot with how many it takes
 * and who is booked, the customer's own time beside AEST, an outcome for each booking, and the
 * capacity of the team or of one slot. The team, view and first day are in the URL.
 */
export function CallbacksPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const team = (CALLBACK_TEAMS as readonly string[]).includes(params.get('team') ?? '')
    ? (params.get('team') as CallbackTeam)
    : 'technical';
  const days = params.get('view') === 'week' ? 7 : 1;
  const today = businessDate(new Date());
  const from = /^\d{4}-\d{2}-\d{2}$/.test(params.get('from') ?? '') ? params.get('from')! : today;
  const [showEmpty, setShowEmpty] = useState(false);
  const schedule = useSchedule(team, from, days);
  const [outcomeFor, setOutcomeFor] = useState<{ booking: ScheduleBooking; slot: string } | null>(
    null,
  );
  const [capacityFor, setCapacityFor] = useState<
    { start: string; label: string; capacity: number | null } | 'team' | null
  >(null);
  const zone = staffTimeZone();
  const set = (changes: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(changes)) next.set(k, v);
      return next;
    });
  if (!can(session?.staff.role, 'tickets'))
    return (
      <div className="page">
        <PageHeader title="Callbacks" />
        <p className="notice info">The callback schedule is for the support and billing desks.</p>
      </div>
    );

  return (
    <div className="page">
      <PageHeader
        title="Callbacks"
        subtitle={
          schedule.data
            ? `${schedule.data.name}: ${schedule.data.hours}. ${schedule.data.capacity} per slot.`
            : 'Bookings per team and slot.'
        }
        actions={
          schedule.data ? (
            <button
              type="button"
              className="button secondary"
              onClick={() => setCapacityFor('team')}
            >
              Capacity…
            </button>
          ) : null
        }
      />
      <div className="toolbar callbacks-toolbar" role="group" aria-label="Schedule">
        <label className="inline-field">
          <span>Team</span>
          <select value={team} onChange={(event) => set({ team: event.target.value })}>
            {CALLBACK_TEAMS.map((t) => (
              <option key={t} value={t}>
                {CALLBACK_TEAM_NAMES[t]}
              </option>
            ))}
          </select>
        </label>
        <div className="segmented" role="group" aria-label="View">
          {(['day', 'week'] as const).map((v) => (
            <button
              key={v}
              type="button"
              className={`button small ${(days === 7) === (v === 'week') ? 'primary' : 'secondary'}`}
              aria-pressed={(days === 7) === (v === 'week')}
              onClick={() => set({ view: v })}
            >
              {v === 'day' ? 'Day' : 'Week'}
            </button>
          ))}
        </div>
        <div className="segmented" role="group" aria-label="Dates">
          <button
            type="button"
            className="button small secondary"
            aria-label={days === 7 ? 'Previous week' : 'Previous day'}
            onClick={() => set({ from: addCalendarDays(from, -days) })}
          >
            <ChevronLeft size={14} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="button small secondary"
            disabled={from === today}
            onClick={() => set({ from: today })}
          >
            Today
          </button>
          <button
            type="button"
            className="button small secondary"
            aria-label={days === 7 ? 'Next week' : 'Next day'}
            onClick={() => set({ from: addCalendarDays(from, days) })}
          >
            <ChevronRight size={14} aria-hidden="true" />
          </button>
        </div>
        <label className="inline-field">
          <span>From</span>
          <input
            type="date"
            value={from}
            onChange={(event) => (event.target.value ? set({ from: event.target.value }) : null)}
          />
        </label>
        <label className="inline-check">
          <input
            type="checkbox"
            checked={showEmpty}
            onChange={(event) => setShowEmpty(event.target.checked)}
          />
          Show empty slots
        </label>
      </div>
      <QueryView query={schedule} loading="Loading the schedule">
        {(data) => (
          <>
            {data.days.map((day) => {
              const shown = day.slots.filter(
                (s) => showEmpty || days === 1 || s.bookings.length > 0,
              );
              const count = day.slots.reduce((n, s) => n + s.booked, 0);
              return (
                <Section key={day.date} title={day.label} count={count}>
                  {day.closed && day.slots.length === 0 ? (
                    <p className="state">{data.name} is closed this day.</p>
                  ) : shown.length === 0 ? (
                    <p className="state">No callbacks booked this day.</p>
                  ) : (
                    <ul className="slot-list">
                      {shown.map((slot) => {
                        const heading = slotHeading(slot, zone);
                        return (
                          <li key={slot.start} className="slot-row">
                            <div className="slot-head">
                              <span className="strong">{heading}</span>
                              <span className={slot.booked >= slot.capacity ? 'full' : 'muted'}>
                                {slot.booked} of {slot.capacity} booked
                                {slot.capacity_override !== null ? ' (own capacity)' : ''}
                              </span>
                              <button
                                type="button"
                                className="button quiet small"
                                aria-label={`Capacity at ${day.label} ${slot.aest}`}
                                onClick={() =>
                                  setCapacityFor({
                                    start: slot.start,
                                    label: `${day.label} ${slot.aest}`,
                                    capacity: slot.capacity_override,
                                  })
                                }
                              >
                                Capacity
                              </button>
                            </div>
                            {slot.bookings.length > 0 ? (
                              <ul className="booking-list">
                                {slot.bookings.map((b) => (
                                  <li key={b.callbackid} className="booking-row">
                                    <div className="cell-stack">
                                      <span>
                                        <Link to={`/customers/${b.accountid}`}>
                                          {b.customer_name}
                                        </Link>{' '}
                                        <span className="muted">
                                          {b.account_name} · {b.accountid}
                                        </span>
                                      </span>
                                      <span>{b.reason}</span>
                                      <span className="muted">
                                        {customerTimeText(slot, b)} · {b.phone} · {b.ticket_number}
                                        {b.booked_by ? ` · booked by ${b.booked_by}` : ''}
                                      </span>
                                      {b.outcome_note ? (
                                        <span className="muted">Note: {b.outcome_note}</span>
                                      ) : null}
                                    </div>
                                    <div className="row-actions">
                                      {b.outcome_label ? (
                                        <span
                                          title={b.outcome_by ? `By ${b.outcome_by}` : undefined}
                                        >
                                          <Badge status={b.outcome_label} />
                                        </span>
                                      ) : (
                                        <button
                                          type="button"
                                          className="button secondary small"
                                          onClick={() =>
                                            setOutcomeFor({
                                              booking: b,
                                              slot: `${day.label} ${heading}`,
                                            })
                                          }
                                        >
                                          Outcome
                                          <span className="visually-hidden">
                                            {' '}
                                            for {b.customer_name}
                                          </span>
                                        </button>
                                      )}
                                    </div>
                                  </li>
                                ))}
                              </ul>
                            ) : null}
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </Section>
              );
            })}
            {capacityFor ? (
              <CapacityDialog
                team={team}
                teamCapacity={data.capacity}
                {...(capacityFor === 'team' ? {} : { slot: capacityFor })}
                onClose={() => setCapacityFor(null)}
              />
            ) : null}
          </>
        )}
      </QueryView>
      {outcomeFor ? (
        <OutcomeDialog
          team={team}
          booking={outcomeFor.booking}
          slotText={outcomeFor.slot}
          onClose={() => setOutcomeFor(null)}
        />
      ) : null}
    </div>
  );
}
