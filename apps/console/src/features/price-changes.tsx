import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { adminRoutes } from '@outpost/contracts/admin';
import type { AdminPlan } from '@outpost/contracts/admin';
import { priceChangeDateProblem } from '@outpost/domain/admin-rules';
import { formatDollars } from '@outpost/domain/money';
import { call, newIdempotencyKey } from '../api';
import { Field } from '../components/field';
import { Day, dayText, ErrorNotice, When } from '../components/ui';

type Values = { effective: string; price: string };

/** Today on the staff member's own calendar (the server checks against the provider's). */
const localToday = () => new Date().toLocaleDateString('en-CA');

/**
 * A plan's scheduled price changes (decision 055): the list with Withdraw, and a new one (a day
 * and a monthly price). Services on the plan pay a new price from their first billing period
 * starting on or after its day; the plan's documents announce it until then.
 */
export function PriceChanges({ plan }: { plan: AdminPlan }) {
  const queryClient = useQueryClient();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<unknown>(null);
  const [withdrawing, setWithdrawing] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { effective: '', price: '' } });

  /** The plan as the server now has it, into the catalogue's cache (the dialog reads it there). */
  const settle = async (next: AdminPlan) => {
    queryClient.setQueryData<AdminPlan[]>(['plans'], (plans) =>
      plans?.map((p) => (p.planid === next.planid ? next : p)),
    );
    await queryClient.invalidateQueries({ queryKey: ['plans'] });
  };

  const onSchedule = handleSubmit(async (v) => {
    setFailure(null);
    try {
      const next = await call(adminRoutes.adminSchedulePriceChange, {
        idempotencyKey,
        params: { planid: String(plan.planid) },
        body: { effective: v.effective, price_cents: Math.round(Number(v.price) * 100) },
      });
      setIdempotencyKey(newIdempotencyKey());
      reset();
      await settle(next);
    } catch (error) {
      setFailure(error);
    }
  });

  const onWithdraw = async (changeid: number) => {
    setFailure(null);
    setWithdrawing(changeid);
    try {
      await settle(
        await call(adminRoutes.adminWithdrawPriceChange, {
          params: { planid: String(plan.planid), changeid: String(changeid) },
        }),
      );
    } catch (error) {
      setFailure(error);
    } finally {
      setWithdrawing(null);
    }
  };

  return (
    <section className="dialog-section" aria-labelledby="price-changes-heading">
      <h3 id="price-changes-heading">Scheduled price changes</h3>
      {failure ? <ErrorNotice error={failure} /> : null}
      {plan.price_changes.length === 0 ? (
        <p className="muted small-text">None. The price is {formatDollars(plan.price_cents)}.</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">Scheduled price changes of {plan.name}</caption>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col" className="numeric">
                Monthly price
              </th>
              <th scope="col">Scheduled</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {plan.price_changes.map((c) => (
              <tr key={c.changeid}>
                <td>
                  <Day date={c.effective} />
                </td>
                <td className="numeric">{formatDollars(c.price_cents)}</td>
                <td>
                  <When at={c.scheduled} /> by {c.scheduled_by}
                </td>
                <td className="row-actions">
                  <button
                    type="button"
                    className="button quiet small"
                    disabled={withdrawing !== null}
                    aria-label={`Withdraw the change to ${formatDollars(c.price_cents)} from ${dayText(c.effective)}`}
                    onClick={() => void onWithdraw(c.changeid)}
                  >
                    {withdrawing === c.changeid ? 'Withdrawing…' : 'Withdraw'}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        onSubmit={(event) => void onSchedule(event)}
        noValidate
        className="form-grid"
        aria-label="Schedule a price change"
      >
        <Field
          label="New price from (day)"
          type="date"
          min={localToday()}
          error={errors.effective?.message}
          {...register('effective', {
            validate: (v) => priceChangeDateProblem(v, localToday()) ?? true,
          })}
        />
        <Field
          label="New monthly price ($, GST included)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.price?.message}
          {...register('price', {
            validate: (v) =>
              /^\d+(\.\d{1,2})?$/.test(v.trim())
                ? true
                : 'Enter the price in dollars, like 79 or 79.95.',
          })}
        />
        <p className="field-hint span-2">
          Services on this plan pay it from their first billing period starting on or after that
          day; its Key Fact Sheet and CIS announce it until then.
        </p>
        <div className="form-actions">
          <button type="submit" className="button secondary" disabled={isSubmitting}>
            {isSubmitting ? 'Scheduling…' : 'Schedule a price change'}
          </button>
        </div>
      </form>
    </section>
  );
}
