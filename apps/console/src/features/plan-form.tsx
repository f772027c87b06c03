import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { adminRoutes } from '@outpost/contracts/admin';
import { technology as technologies } from '@outpost/contracts/services';
import { planShapeProblem } from '@outpost/domain/admin-rules';
import { call } from '../api';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { ErrorNotice, FormActions } from '../components/ui';
import { PriceChanges } from './price-changes';

type Plan = Awaited<ReturnType<typeof call<typeof adminRoutes.adminPlans>>>[number];
type Technology = (typeof technologies.options)[number];
type Values = {
  name: string;
  technology: Technology;
  price: string;
  unlimited: boolean;
  peak_gb: string;
  offpeak_gb: string;
  download_mbps: string;
  upload_mbps: string;
  selectable: boolean;
  summary: string;
};

const PHONE = new Set<Technology>(['Landline', 'VOIP']);
/** '' is none; GB and Mbps as typed, to the MB and kbps the catalogue keeps. */
const scaled = (value: string, factor: number) =>
  value.trim() === '' ? null : Math.round(Number(value) * factor);
const dollars = (cents: number) => (cents / 100).toFixed(2);
const unscaled = (value: number | null, factor: number) =>
  value === null ? '' : String(value / factor);

/**
 * A plan, new or changed (admin): name, technology, monthly price, allowances and speeds. The
 * same rule as the server's (planShapeProblem) says what is missing before it is sent.
 */
export function PlanDialog({
  plan,
  open,
  onOpenChange,
}: {
  /** The plan to change, or none for a new one. */
  plan: Plan | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    // Mounted afresh for each opening (the page renders it only while open).
    defaultValues: plan
      ? {
          name: plan.name,
          technology: plan.technology,
          price: dollars(plan.price_cents),
          unlimited: plan.unlimited,
          peak_gb: unscaled(plan.peak_quota_mb, 1000),
          offpeak_gb: unscaled(plan.offpeak_quota_mb, 1000),
          download_mbps: unscaled(plan.download_kbps, 1000),
          upload_mbps: unscaled(plan.upload_kbps, 1000),
          selectable: plan.selectable,
          summary: plan.summary,
        }
      : {
          name: '',
          technology: 'Fixed Wireless',
          price: '',
          unlimited: false,
          peak_gb: '',
          offpeak_gb: '',
          download_mbps: '',
          upload_mbps: '',
          selectable: true,
          summary: '',
        },
  });
  const tech = watch('technology');
  const unlimited = watch('unlimited');
  const phone = PHONE.has(tech);

  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    const shape = {
      unlimited: phone ? false : v.unlimited,
      peak_quota_mb: phone || v.unlimited ? null : scaled(v.peak_gb, 1000),
      offpeak_quota_mb: phone || v.unlimited ? null : scaled(v.offpeak_gb, 1000),
      download_kbps: phone ? null : scaled(v.download_mbps, 1000),
      upload_kbps: phone ? null : scaled(v.upload_mbps, 1000),
    };
    const problem = planShapeProblem({
      technology: v.technology,
      unlimited: shape.unlimited,
      peakQuotaMb: shape.peak_quota_mb,
      offpeakQuotaMb: shape.offpeak_quota_mb,
      downloadKbps: shape.download_kbps,
      uploadKbps: shape.upload_kbps,
    });
    if (problem) {
      setError('peak_gb', { message: problem });
      return;
    }
    const common = {
      name: v.name.trim(),
      price_cents: Math.round(Number(v.price) * 100),
      selectable: v.selectable,
      summary: v.summary.trim(),
      ...shape,
    };
    try {
      if (plan) {
        await call(adminRoutes.adminUpdatePlan, {
          params: { planid: String(plan.planid) },
          body: common,
        });
      } else {
        await call(adminRoutes.adminCreatePlan, { body: { ...common, technology: v.technology } });
      }
      await queryClient.invalidateQueries({ queryKey: ['plans'] });
      onOpenChange(false);
    } catch (error) {
      setFailure(error);
    }
  });

  const number = (what: string, optional = true) => ({
    validate: (v: string) =>
      (optional && v.trim() === '') || (/^\d+(\.\d{1,3})?$/.test(v.trim()) && Number(v) >= 0)
        ? true
        : `Enter ${what} as a number, like 50 or 12.5.`,
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={plan ? `Change ${plan.name}` : 'New plan'}
      {...(plan && plan.services > 0
        ? {
            description: `${plan.services} services are on this plan. A new price saved here applies to them from their next billing period; schedule one below to announce it first.`,
          }
        : {})}
    >
      {failure ? <ErrorNotice error={failure} /> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="form-grid">
        <Field
          label="Plan name"
          autoComplete="off"
          error={errors.name?.message}
          {...register('name', { validate: (v) => (v.trim() ? true : 'Enter the plan name.') })}
        />
        <Field label="Technology" as="select" disabled={plan !== null} {...register('technology')}>
          {technologies.options.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </Field>
        <Field
          label="Monthly price ($, GST included)"
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
        {phone ? null : (
          <>
            <label className="check span-2">
              <input type="checkbox" {...register('unlimited')} /> Unlimited data
            </label>
            {unlimited ? null : (
              <>
                <Field
                  label="Peak or anytime allowance (GB)"
                  inputMode="decimal"
                  autoComplete="off"
                  error={errors.peak_gb?.message}
                  {...register('peak_gb', number('the allowance'))}
                />
                <Field
                  label="Off-peak allowance (GB, optional)"
                  inputMode="decimal"
                  autoComplete="off"
                  error={errors.offpeak_gb?.message}
                  {...register('offpeak_gb', number('the allowance'))}
                />
              </>
            )}
            <Field
              label="Download speed (Mbps)"
              inputMode="decimal"
              autoComplete="off"
              error={errors.download_mbps?.message}
              {...register('download_mbps', number('the speed'))}
            />
            <Field
              label="Upload speed (Mbps)"
              inputMode="decimal"
              autoComplete="off"
              error={errors.upload_mbps?.message}
              {...register('upload_mbps', number('the speed'))}
            />
          </>
        )}
        {unlimited && !phone && errors.peak_gb ? (
          <p className="field-error span-2">{errors.peak_gb.message}</p>
        ) : null}
        <Field
          label="Summary for the Key Fact Sheet (optional)"
          autoComplete="off"
          {...register('summary')}
        />
        <label className="check">
          <input type="checkbox" {...register('selectable')} /> Offered to customers choosing a plan
        </label>
        <FormActions
          onCancel={() => onOpenChange(false)}
          submitting={isSubmitting}
          label={plan ? 'Save changes' : 'Add plan'}
          busyLabel="Saving…"
        />
      </form>
      {plan ? <PriceChanges plan={plan} /> : null}
    </Dialog>
  );
}
