import { zoneAbbreviation, zoneLongName } from '@outpost/domain/time/names';
import type {
  CallbackSlot,
  CallbackTeamTimes,
  RequestCallbackInput,
} from '@outpost/contracts/callbacks';
import {
  CALLBACK_REASON_MAX,
  type CallbackTeam,
  checkCallbackPhone,
  checkCallbackReason,
} from '@outpost/domain/callback-slots';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { rulesResolver } from '@/components/form/rules-resolver';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/components/load-error';
import { callbackTimesQueryOptions } from '../api/get-callback-times';
import { useOwnContactForCallback } from '../api/get-own-mobile';
import { BookCallbackModal } from './book-callback-modal';
import { CallbackList } from './callback-list';
import { deviceTimeZone } from '../utils/time-zone';
import { SupportLayout } from './support-layout';
import { SkeletonLines } from './skeleton-lines';
import './callback.css';
import { ServerActionButton } from '@/components/server-action-button';

type CallbackValues = {
  team: CallbackTeam;
  day: string;
  slot: string;
  phone: string;
  reason: string;
};

export const callbackFormMessages = {
  chooseTime: 'Choose a time for the call.',
} as const;

const callbackRules = rulesResolver<CallbackValues>({
  slot: (value) => (value ? null : callbackFormMessages.chooseTime),
  phone: checkCallbackPhone,
  reason: checkCallbackReason,
});

/** The day first offered for a team: the first with a free time, else the first. */
function firstDay(team: CallbackTeamTimes | undefined): string {
  return (team?.days.find((d) => d.slots.length > 0) ?? team?.days[0])?.date ?? '';
}

/**
 * Request a Callback (docs/decisions/017, "Callbacks"): choose a team, a day and a time (shown in
 * the caller's zone with AEST beside it), the number to ring and what it is about; confirm and book.
 * The caller's upcoming callbacks are listed under it, each with Cancel.
 */
export function CallbackPage() {
  const times = useQuery(callbackTimesQueryOptions());
  const contact = useOwnContactForCallback();
  // The number is prefilled from the contact's mobile: wait for it (or its failure) too.
  const ready = times.data !== undefined && !contact.isPending;

  return (
    <SupportLayout title="Request a Callback">
      <section className="page-section callback" aria-labelledby="callback-book-heading">
        <h2 id="callback-book-heading">Book a call from our team</h2>
        <p className="callback__intro">
          Choose a team and a time, and we will ring you. Times are shown in your time zone, with{' '}
          {zoneLongName(new Date())} ({zoneAbbreviation(new Date())}) beside them.
        </p>
        {times.isError ? (
          <LoadError
            error={times.error}
            onRetry={() => void times.refetch()}
            resetKey={times.errorUpdatedAt}
          />
        ) : ready ? (
          <CallbackForm
            teams={times.data.teams}
            mobile={contact.data?.mobile.phone ?? ''}
            onRefresh={() => void times.refetch()}
          />
        ) : (
          <CallbackFormSkeleton />
        )}
      </section>
      <CallbackList />
    </SupportLayout>
  );
}

function CallbackFormSkeleton() {
  return (
    <div className="callback__form callback__form--loading" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading callback times…
      </span>
      <div className="skeleton" aria-hidden="true">
        <SkeletonLines lines={['short', 'full', 'short', 'full', 'full', 'short']} />
      </div>
    </div>
  );
}

function CallbackForm({
  teams,
  mobile,
  onRefresh,
}: {
  teams: CallbackTeamTimes[];
  mobile: string;
  onRefresh: () => void;
}) {
  const ids = useId();
  const form = useForm<CallbackValues>({
    resolver: callbackRules,
    defaultValues: {
      team: 'technical',
      day: firstDay(teams.find((t) => t.team === 'technical')),
      slot: '',
      phone: mobile,
      reason: '',
    },
  });
  // What the confirm dialog books: kept whole, so a refresh of the times cannot pull it away.
  const [pending, setPending] = useState<{
    input: RequestCallbackInput;
    teamName: string;
    dayLabel: string;
    slot: CallbackSlot;
  } | null>(null);
  const teamId = form.watch('team');
  const dayId = form.watch('day');
  const slotId = form.watch('slot');
  const team = teams.find((t) => t.team === teamId) ?? teams[0];
  const day = team?.days.find((d) => d.date === dayId) ?? team?.days[0];
  const slot = day?.slots.find((s) => s.start === slotId);
  const slotError = form.formState.errors.slot?.message;

  const handleTeam = (next: CallbackTeam) => {
    form.setValue('team', next);
    form.setValue('day', firstDay(teams.find((t) => t.team === next)));
    form.setValue('slot', '');
  };
  const handleDay = (next: string) => {
    form.setValue('day', next);
    form.setValue('slot', '');
  };
  const handleSlot = (next: string) => {
    form.setValue('slot', next);
    form.clearErrors('slot');
  };
  const handleSubmit = form.handleSubmit((values) => {
    // A time no longer offered (taken, and the times reloaded) must be chosen again.
    if (!team || !day || !slot) {
      form.setError('slot', { message: callbackFormMessages.chooseTime });
      return;
    }
    setPending({
      input: {
        team: values.team,
        slot: values.slot,
        phone: values.phone.trim(),
        reason: values.reason.trim(),
        time_zone: deviceTimeZone(),
      },
      teamName: team.name,
      dayLabel: day.label,
      slot,
    });
  });

  return (
    <FormProvider {...form}>
      <form className="form callback__form" onSubmit={handleSubmit} noValidate>
        <fieldset className="callback__choices">
          <legend>Team</legend>
          {teams.map((t) => (
            <label key={t.team} className="callback__choice callback__choice--team">
              <input
                type="radio"
                name={`${ids}-team`}
                value={t.team}
                checked={t.team === teamId}
                onChange={() => handleTeam(t.team)}
              />
              <span>
                <span className="callback__choice-title">{t.name}</span>
                <span className="callback__choice-note">{t.hours}</span>
              </span>
            </label>
          ))}
        </fieldset>

        {team && team.days.length > 0 ? (
          <>
            <fieldset className="callback__choices callback__days">
              <legend>Day</legend>
              {team.days.map((d) => (
                <label key={d.date} className="callback__choice callback__choice--day">
                  <input
                    type="radio"
                    name={`${ids}-day`}
                    value={d.date}
                    checked={d.date === day?.date}
                    onChange={() => handleDay(d.date)}
                  />
                  <span>
                    <span className="callback__choice-title">{d.label}</span>
                    <span className="callback__choice-note">
                      {d.slots.length === 0
                        ? 'Fully booked'
                        : `${d.slots.length} ${d.slots.length === 1 ? 'time' : 'times'}`}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>

            <fieldset
              className="callback__choices callback__slots"
              aria-describedby={slotError ? `${ids}-slot-error` : undefined}
            >
              <legend>Time{day ? ` on ${day.label}` : ''}</legend>
              {team.team === 'sales' &&
                day &&
                new Date(`${day.date}T12:00:00Z`).getUTCDay() === 6 && (
                  <p className="field__hint callback__wide">Saturdays: sales enquiries only.</p>
                )}
              {day && day.slots.length === 0 ? (
                <p className="callback__empty callback__wide">
                  Every time on {day.label} is taken. Please choose another day.
                </p>
              ) : (
                day?.slots.map((s) => (
                  <label key={s.start} className="callback__choice callback__choice--slot">
                    <input
                      type="radio"
                      name={`${ids}-slot`}
                      value={s.start}
                      checked={s.start === slotId}
                      onChange={() => handleSlot(s.start)}
                    />
                    {s.same ? (
                      <span>
                        <span className="callback__choice-title">{s.aest}</span>
                        <span className="callback__choice-note">{s.zone}</span>
                      </span>
                    ) : (
                      <span>
                        <span className="callback__choice-title">
                          {s.local}
                          <span className="visually-hidden"> your time,</span>
                        </span>
                        <span className="callback__choice-note">
                          {s.aest} {s.zone}
                        </span>
                      </span>
                    )}
                  </label>
                ))
              )}
              {slotError && (
                <p id={`${ids}-slot-error`} className="field__error callback__wide">
                  {slotError}
                </p>
              )}
            </fieldset>
          </>
        ) : (
          <p className="callback__empty">
            {team?.name} has no times free in the next few days. Please call us instead.
          </p>
        )}

        <Field<CallbackValues>
          name="phone"
          label="Number to call"
          hint="Digits only, like 0491570006. We have filled in your mobile."
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={15}
        />
        <Field<CallbackValues>
          name="reason"
          label="What is the call about?"
          hint="A few words, so the right person rings you."
          type="text"
          autoComplete="off"
          maxLength={CALLBACK_REASON_MAX}
        />
        <div>
          <ServerActionButton type="submit" className="button button--primary">
            Review and book
          </ServerActionButton>
        </div>
      </form>
      {pending && (
        <BookCallbackModal
          {...pending}
          onFailed={onRefresh}
          onClose={(booked) => {
            setPending(null);
            if (booked) form.reset({ ...form.getValues(), slot: '', reason: '' });
          }}
        />
      )}
    </FormProvider>
  );
}
