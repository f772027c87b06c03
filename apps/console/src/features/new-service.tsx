import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRoutes } from '@outpost/contracts/admin';
import { technology as technologies } from '@outpost/contracts/services';
import { AU_STATES, type AuState } from '@outpost/domain/au-states';
import { formatDollars } from '@outpost/domain/money';
import { call, newIdempotencyKey } from '../api';
import { Combobox } from '../components/combobox';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { ErrorNotice, FormActions } from '../components/ui';

type Technology = (typeof technologies.options)[number];
type Values = {
  technology: Technology;
  plan_id: string;
  identifier: string;
  line: string;
  suburb: string;
  state: string;
  postcode: string;
  site: string;
  status: 'pending' | 'active';
};

const SATELLITE = new Set<Technology>(['Sky Muster', 'Sky Muster Plus']);

/** A new service on the account (admin): what the network knows it by, its plan and address. */
export function NewServiceDialog({
  accountid,
  open,
  onOpenChange,
}: {
  accountid: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<unknown>(null);
  const plans = useQuery({
    queryKey: ['plans'],
    queryFn: ({ signal }) => call(adminRoutes.adminPlans, { signal }),
    enabled: open,
  });
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: {
      technology: 'Fixed Wireless',
      plan_id: '',
      identifier: '',
      line: '',
      suburb: '',
      state: 'QLD',
      postcode: '',
      site: '',
      status: 'pending',
    },
  });
  const tech = watch('technology');
  const choices = (plans.data ?? []).filter((p) => p.technology === tech);
  const wireless = tech === 'Fixed Wireless';
  const satellite = SATELLITE.has(tech);

  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      await call(adminRoutes.adminCreateService, {
        idempotencyKey,
        params: { accountid: String(accountid) },
        body: {
          technology: v.technology,
          plan_id: Number(v.plan_id),
          identifier: v.identifier.trim(),
          address: {
            line: v.line.trim(),
            suburb: v.suburb.trim(),
            state: v.state as AuState,
            postcode: v.postcode.trim(),
          },
          ...(satellite && v.site.trim() ? { satellite_beam: v.site.trim() } : {}),
          ...(wireless && v.site.trim() ? { tower_id: v.site.trim() } : {}),
          status: v.status,
        },
      });
      await queryClient.invalidateQueries({ queryKey: ['account', accountid] });
      await queryClient.invalidateQueries({ queryKey: ['audit', accountid] });
      reset();
      setIdempotencyKey(newIdempotencyKey());
      onOpenChange(false);
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add a service">
      {failure ? <ErrorNotice error={failure} /> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="form-grid">
        <Field
          label="Technology"
          as="select"
          {...register('technology', {
            // A plan belongs to one technology: another technology starts the choice again.
            onChange: () => setValue('plan_id', ''),
          })}
        >
          {technologies.options.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </Field>
        <Controller
          control={control}
          name="plan_id"
          rules={{ validate: (v) => (v ? true : 'Choose a plan.') }}
          render={({ field }) => (
            <Combobox
              label="Plan"
              placeholder="Type to find a plan"
              items={choices.map((p) => ({
                value: String(p.planid),
                label: p.name,
                detail: `${formatDollars(p.price_cents)} a month${p.selectable ? '' : ' (not sold now)'}`,
              }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              empty={`No ${tech} plan has that name.`}
              error={errors.plan_id?.message}
              hint={
                plans.isPending
                  ? 'Loading the plans…'
                  : choices.length === 0
                    ? `No ${tech} plans in the catalogue yet.`
                    : undefined
              }
            />
          )}
        />
        <Field
          label={tech === 'Landline' || tech === 'VOIP' ? 'Phone number' : 'AVC id'}
          className="mono"
          autoComplete="off"
          error={errors.identifier?.message}
          {...register('identifier', {
            validate: (v) =>
              /^[A-Za-z0-9]{4,30}$/.test(v.trim())
                ? true
                : 'Use 4 to 30 letters or digits, no spaces.',
          })}
        />
        {wireless || satellite ? (
          <Field
            label={wireless ? 'Tower (optional)' : 'Satellite beam (optional)'}
            autoComplete="off"
            {...register('site')}
          />
        ) : null}
        <Field
          label="Street address"
          autoComplete="off"
          error={errors.line?.message}
          {...register('line', {
            validate: (v) => (v.trim() ? true : 'Enter the street address.'),
          })}
        />
        <Field
          label="Suburb or town"
          autoComplete="off"
          error={errors.suburb?.message}
          {...register('suburb', {
            validate: (v) => (v.trim() ? true : 'Enter the suburb or town.'),
          })}
        />
        <Field label="State" as="select" {...register('state')}>
          {AU_STATES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </Field>
        <Field
          label="Postcode"
          inputMode="numeric"
          maxLength={4}
          autoComplete="off"
          error={errors.postcode?.message}
          {...register('postcode', {
            validate: (v) => (/^[0-9]{4}$/.test(v.trim()) ? true : 'Enter the 4-digit postcode.'),
          })}
        />
        <Field label="Starts" as="select" {...register('status')}>
          <option value="pending">Pending: activate when the network says it is ready</option>
          <option value="active">Active now (a service already connected)</option>
        </Field>
        <FormActions
          onCancel={() => onOpenChange(false)}
          submitting={isSubmitting}
          label="Add service"
          busyLabel="Adding…"
        />
      </form>
    </Dialog>
  );
}
