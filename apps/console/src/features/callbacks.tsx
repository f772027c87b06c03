import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCallbacksRoutes, type ScheduleBooking } from '@outpost/contracts/admin-callbacks';
import type { AdminAccountView } from '@outpost/contracts/admin';
import {
  CALLBACK_CAPACITY_MAX,
  CALLBACK_OUTCOME_LABELS,
  CALLBACK_OUTCOMES,
  CALLBACK_TEAM_NAMES,
  CALLBACK_TEAMS,
  checkCallbackPhone,
  checkCallbackReason,
  slotLabel,
  type CallbackOutcome,
  type CallbackTeam,
} from '@outpost/domain/callback-slots';
import { businessDate } from '@outpost/domain/time/zoned';
import { call, newIdempotencyKey } from '../api';
import { Combobox } from '../components/combobox';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { ErrorNotice, FormActions, Loading } from '../components/ui';

/** The desk's callback schedule (decision 059): its queries and dialogs. */

export const scheduleKey = (team: CallbackTeam, from: string, days: number) =>
  ['callback-schedule', team, from, days] as const;

export function useSchedule(team: CallbackTeam, from: string, days: 1 | 7) {
  return useQuery({
    queryKey: scheduleKey(team, from, days),
    queryFn: ({ signal }) =>
      call(adminCallbacksRoutes.adminCallbackSchedule, {
        query: { team, from, days: String(days) as '1' | '7' },
        signal,
      }),
  });
}

/** The staff member's own zone (their browser's). */
export function staffTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** '10:30 am AEST · 9:30 am AWST (customer)', or just AEST when the customer's clock reads it. */
export function customerTimeText(slot: { aest: string; zone: string }, b: ScheduleBooking) {
  const business = `${slot.aest} ${slot.zone}`;
  return b.same ? business : `${business} · ${b.customer_local} ${b.customer_zone} (customer)`;
}

/** The outcome of a callback, with an internal note; Rebooked picks the new time. */
export function OutcomeDialog({
  team,
  booking,
  slotText,
  onClose,
}: {
  /** The callback's team: a rebooking stays with it. */
  team: CallbackTeam;
  booking: ScheduleBooking;
  slotText: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<{ outcome: CallbackOutcome; note: string; slot: string }>({
    defaultValues: { outcome: 'called', note: '', slot: '' },
  });
  const outcome = watch('outcome');
  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      await call(adminCallbacksRoutes.adminCallbackOutcome, {
        params: { callbackid: String(booking.callbackid) },
        body: {
          outcome: v.outcome,
          ...(v.note.trim() ? { note: v.note.trim() } : {}),
          ...(v.outcome === 'rebooked' ? { slot: v.slot } : {}),
        },
      });
      await queryClient.invalidateQueries({ queryKey: ['callback-schedule'] });
      onClose();
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Outcome: ${booking.customer_name}`}
      description={`${slotText}, ${booking.ticket_number}. The customer reads the outcome on their ticket; the note stays internal.`}
    >
      {failure ? <ErrorNotice error={failure} /> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="form-grid">
        <Field label="Outcome" as="select" {...register('outcome')}>
          {CALLBACK_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {CALLBACK_OUTCOME_LABELS[o]}
            </option>
          ))}
        </Field>
        {outcome === 'rebooked' ? (
          <>
            <input
              type="hidden"
              {...register('slot', {
                validate: (v, values) =>
                  values.outcome !== 'rebooked' || v ? true : 'Choose the new time.',
              })}
            />
            <SlotPicker
              team={team}
              value={watch('slot')}
              onChange={(v) => setValue('slot', v, { shouldValidate: true })}
              error={errors.slot?.message}
            />
          </>
        ) : null}
        <Field
          label="Note (internal)"
          autoComplete="off"
          maxLength={2000}
          hint="For the desk: what was said, what to do next."
          {...register('note')}
        />
        <FormActions
          onCancel={onClose}
          submitting={isSubmitting}
          label="Record outcome"
          busyLabel="Recording…"
        />
      </form>
    </Dialog>
  );
}

/**
 * A day and a time a customer could book now, from the team's schedule over the next week (the
 * times the customer's own form offers: within the window, after the lead time, with a seat).
 */
function SlotPicker({
  team,
  value,
  onChange,
  error,
}: {
  team: CallbackTeam;
  value: string;
  onChange: (slot: string) => void;
  error?: string | undefined;
}) {
  const today = businessDate(new Date());
  const schedule = useSchedule(team, today, 7);
  const zone = staffTimeZone();
  const items = useMemo(
    () =>
      (schedule.data?.days ?? []).flatMap((day) =>
        day.slots
          .filter((s) => s.offered)
          .map((s) => {
            const own = slotLabel(new Date(s.start), zone);
            return {
              value: s.start,
              label: `${day.label} ${s.aest} ${s.zone}`,
              detail: `${s.capacity - s.booked} of ${s.capacity} free${own.same ? '' : ` · ${own.local} your time`}`,
            };
          }),
      ),
    [schedule.data, zone],
  );
  if (schedule.isPending) return <Loading label="Loading the times" />;
  if (schedule.isError)
    return <ErrorNotice error={schedule.error} onRetry={() => void schedule.refetch()} />;
  return (
    <Combobox
      label="Time"
      items={items}
      value={value}
      onChange={onChange}
      error={error}
      placeholder="Type a day or a time, e.g. Wed 10:30"
      empty={
        items.length === 0 ? 'No free times in the next week.' : 'Nothing matches what you typed.'
      }
    />
  );
}

/** A team's bookings per slot, or one slot's own (0 closes it; empty goes back to the team's). */
export function CapacityDialog({
  team,
  teamCapacity,
  slot,
  onClose,
}: {
  team: CallbackTeam;
  teamCapacity: number;
  /** A slot's start and label, with its own capacity; absent: the team's. */
  slot?: { start: string; label: string; capacity: number | null };
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ capacity: string }>({
    defaultValues: {
      capacity: slot ? (slot.capacity === null ? '' : String(slot.capacity)) : String(teamCapacity),
    },
  });
  const min = slot ? 0 : 1;
  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      const capacity = v.capacity.trim() === '' ? null : Number(v.capacity);
      await call(adminCallbacksRoutes.adminCallbackCapacity, {
        body: { team, ...(slot ? { slot: slot.start } : {}), capacity },
      });
      await queryClient.invalidateQueries({ queryKey: ['callback-schedule'] });
      onClose();
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={slot ? `Capacity at ${slot.label}` : `Capacity: ${CALLBACK_TEAM_NAMES[team]}`}
      description="How many callbacks a slot takes: the people free to ring then. Bookings already made stay."
    >
      {failure ? <ErrorNotice error={failure} /> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="form-grid">
        <Field
          label={slot ? 'Bookings this slot takes' : 'Bookings per slot'}
          inputMode="numeric"
          autoComplete="off"
          hint={
            slot
              ? `0 closes the slot; leave empty for the team's ${teamCapacity}.`
              : `From 1 to ${CALLBACK_CAPACITY_MAX}.`
          }
          error={errors.capacity?.message}
          {...register('capacity', {
            validate: (v) =>
              (slot && v.trim() === '') ||
              (/^\d+$/.test(v.trim()) && Number(v) >= min && Number(v) <= CALLBACK_CAPACITY_MAX)
                ? true
                : `Enter a whole number from ${min} to ${CALLBACK_CAPACITY_MAX}.`,
          })}
        />
        <FormActions
          onCancel={onClose}
          submitting={isSubmitting}
          label="Save capacity"
          busyLabel="Saving…"
        />
      </form>
    </Dialog>
  );
}

type Contact = AdminAccountView['contacts'][number];

/** A callback booked for one of the account's contacts, on their behalf (desk; decision 059). */
export function BookCallbackDialog({
  accountid,
  contacts,
  onClose,
}: {
  accountid: number;
  contacts: Contact[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<unknown>(null);
  const [booked, setBooked] = useState<string | null>(null);
  const active = contacts.filter((c) => c.status.toLowerCase() !== 'removed');
  const first = active.find((c) => c.is_holder) ?? active[0];
  const digits = (mobile: string | null | undefined) => (mobile ?? '').replace(/\D/g, '');
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<{ userid: string; team: CallbackTeam; slot: string; phone: string; reason: string }>({
    defaultValues: {
      userid: first ? String(first.userid) : '',
      team: 'technical',
      slot: '',
      phone: digits(first?.mobile),
      reason: '',
    },
  });
  const team = watch('team');
  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      const made = await call(adminCallbacksRoutes.adminBookCallback, {
        idempotencyKey,
        params: { accountid: String(accountid) },
        body: {
          userid: Number(v.userid),
          team: v.team,
          slot: v.slot,
          phone: v.phone.trim(),
          reason: v.reason.trim(),
        },
      });
      await queryClient.invalidateQueries({ queryKey: ['callback-schedule'] });
      await queryClient.invalidateQueries({ queryKey: ['audit', accountid] });
      setBooked(`Booked: ${made.summary}, ticket ${made.ticket_number}.`);
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Book a callback"
      description="For one of the account's contacts, under the customer's rules: one open callback per team, a free seat. They get the confirmation email; you are named in the audit."
    >
      {failure ? <ErrorNotice error={failure} /> : null}
      {booked ? (
        <>
          <p className="notice info" role="status">
            {booked}
          </p>
          <div className="form-actions">
            <button type="button" className="button primary" onClick={onClose}>
              Done
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="form-grid">
          <Field
            label="Contact"
            as="select"
            error={errors.userid?.message}
            {...register('userid', {
              required: 'Choose the contact to call.',
              onChange: (event: { target: { value: string } }) => {
                const chosen = active.find((c) => String(c.userid) === event.target.value);
                if (chosen?.mobile) setValue('phone', digits(chosen.mobile));
              },
            })}
          >
            {active.map((c) => (
              <option key={c.userid} value={c.userid}>
                {c.name}
                {c.is_holder ? ' (holder)' : ''}
              </option>
            ))}
          </Field>
          <Field
            label="Team"
            as="select"
            {...register('team', { onChange: () => setValue('slot', '') })}
          >
            {CALLBACK_TEAMS.map((t) => (
              <option key={t} value={t}>
                {CALLBACK_TEAM_NAMES[t]}
              </option>
            ))}
          </Field>
          <input
            type="hidden"
            {...register('slot', { validate: (v) => (v ? true : 'Choose a time.') })}
          />
          <SlotPicker
            key={team}
            team={team}
            value={watch('slot')}
            onChange={(v) => setValue('slot', v, { shouldValidate: true })}
            error={errors.slot?.message}
          />
          <Field
            label="Number to call"
            inputMode="tel"
            autoComplete="off"
            hint="8 to 15 digits, like 0491570006."
            error={errors.phone?.message}
            {...register('phone', { validate: (v) => checkCallbackPhone(v) ?? true })}
          />
          <Field
            label="Reason"
            autoComplete="off"
            maxLength={500}
            error={errors.reason?.message}
            {...register('reason', { validate: (v) => checkCallbackReason(v) ?? true })}
          />
          <FormActions
            onCancel={onClose}
            submitting={isSubmitting}
            label="Book the callback"
            busyLabel="Booking…"
          />
        </form>
      )}
    </Dialog>
  );
}
