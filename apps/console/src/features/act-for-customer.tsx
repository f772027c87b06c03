import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRoutes, type AdminAccountView } from '@outpost/contracts/admin';
import type { ApplyChange } from '@outpost/contracts/services';
import { formatDollars } from '@outpost/domain/money';
import { ApiError, call, newIdempotencyKey } from '../api';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { ErrorNotice, FormActions, Loading, QueryView, When } from '../components/ui';

/**
 * Acting for a customer in their own flows (admin; decision 056): a plan change and a data block,
 * each quoted by the server (the portal's rules and prices) before the commit is offered, and
 * committed once per dialog (one Idempotency-Key: a double click or a retry changes once).
 */

type Service = AdminAccountView['services'][number];
type Props = { accountid: number; service: Service; onClose: () => void };

const WHEN_LABELS: Record<ApplyChange, string> = {
  'Next Period': 'Next period',
  'Current Period': 'Now (pro-rata)',
  'Current Period Only': 'Now, this period only',
};

/** Everything the account's view shows of the service and its money, fetched again after. */
async function refreshAccount(queryClient: ReturnType<typeof useQueryClient>, accountid: number) {
  for (const key of ['account', 'adjustments', 'audit', 'activity'])
    await queryClient.invalidateQueries({ queryKey: [key, accountid] });
}

const serviceName = (s: Service) => `${s.nickname ?? s.technology} ${s.identifier}`;

/** A pro-rata as the customer's invoice will carry it. */
function proRata(cents: number): string {
  if (cents === 0) return 'None';
  return cents < 0
    ? `${formatDollars(-cents)} credit on the next invoice`
    : `${formatDollars(cents)} charge on the next invoice`;
}

type PlanValues = { planid: string; when: ApplyChange | ''; options: string[] };

export function PlanChangeDialog({ accountid, service, onClose }: Props) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<unknown>(null);
  const params = { accountid: String(accountid), serviceid: String(service.serviceid) };
  const plans = useQuery({
    queryKey: ['service-plans', accountid, service.serviceid],
    queryFn: ({ signal }) => call(adminRoutes.adminServicePlans, { params, signal }),
  });
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { isSubmitting },
  } = useForm<PlanValues>({ defaultValues: { planid: '', when: '', options: [] } });
  const [planid, when, options] = useWatch({ control, name: ['planid', 'when', 'options'] });
  const plan = plans.data?.plans.find((p) => String(p.planid) === planid);
  const periods: ApplyChange[] = plan
    ? [
        ...(plan.available_next ? (['Next Period'] as const) : []),
        ...(plan.available_now ? (['Current Period'] as const) : []),
        ...(plan.available_now && plan.available_current_only
          ? (['Current Period Only'] as const)
          : []),
      ]
    : [];
  const request =
    plan && when && periods.includes(when)
      ? { planid: plan.planid, when, options: options.map(Number).sort((a, b) => a - b) }
      : null;
  const quote = useQuery({
    queryKey: ['plan-quote', accountid, service.serviceid, request],
    queryFn: ({ signal }) =>
      call(adminRoutes.adminPlanChangeQuote, { params, body: request!, signal }),
    enabled: request !== null,
    retry: false,
    staleTime: 0,
  });

  const onSubmit = handleSubmit(async () => {
    if (!request || !quote.data) return;
    setFailure(null);
    try {
      // The pro-rata shown is the one charged: if time has moved it by a cent, the server
      // changes nothing (409) and the quote is fetched again for another look.
      const body = { ...request, expected_adjustment: quote.data.adjustment };
      await call(adminRoutes.adminPlanChange, { idempotencyKey, params, body });
      await refreshAccount(queryClient, accountid);
      onClose();
    } catch (error) {
      setFailure(error);
      if (error instanceof ApiError && error.status === 409) void quote.refetch();
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Change plan: ${serviceName(service)}`}
      description="As the customer would in their portal: the same plans, periods and prices. They see it at once; you are named in the audit."
    >
      {failure ? <ErrorNotice error={failure} /> : null}
      <QueryView query={plans} loading="Loading the plans">
        {({ plans: offered, current_options }) => {
          const choosable = offered.filter((p) => p.selectable && !p.is_current);
          const current = offered.find((p) => p.is_current);
          return (
            <form onSubmit={(event) => void onSubmit(event)} noValidate className="form-grid">
              <Field
                label="New plan"
                as="select"
                hint={
                  current ? `Now on ${current.plan} (${formatDollars(current.price)})` : undefined
                }
                {...register('planid', {
                  onChange: (event: { target: { value: string } }) => {
                    const next = offered.find((p) => String(p.planid) === event.target.value);
                    // The extras the service has now, where the new plan offers them too.
                    setValue(
                      'options',
                      current_options
                        .filter((id) => next?.options.some((o) => o.feature_id === id))
                        .map(String),
                    );
                    setValue('when', next?.available_next ? 'Next Period' : 'Current Period');
                  },
                })}
              >
                <option value="">Choose a plan</option>
                {choosable.map((p) => (
                  <option key={p.planid} value={p.planid}>
                    {p.plan} ({formatDollars(p.price)}){p.is_next ? ' (scheduled next)' : ''}
                  </option>
                ))}
              </Field>
              <Field label="When" as="select" disabled={!plan} {...register('when')}>
                {periods.map((p) => (
                  <option key={p} value={p}>
                    {WHEN_LABELS[p]}
                  </option>
                ))}
              </Field>
              {plan && plan.options.length > 0 ? (
                <fieldset className="field span-2">
                  <legend>Extras</legend>
                  <div className="check-grid">
                    {plan.options.map((o) => (
                      <label key={o.feature_id} className="check">
                        <input
                          type="checkbox"
                          value={String(o.feature_id)}
                          {...register('options')}
                        />
                        {o.name} ({formatDollars(o.price)})
                      </label>
                    ))}
                  </div>
                </fieldset>
              ) : null}
              <div className="span-2" aria-live="polite">
                {request === null ? null : quote.isPending ? (
                  <Loading label="Working out the price" />
                ) : quote.isError ? (
                  <ErrorNotice error={quote.error} />
                ) : (
                  <dl className="summary-strip quote" aria-label="What the change does">
                    <div>
                      <dt>New plan</dt>
                      <dd>{plan?.plan}</dd>
                    </div>
                    <div>
                      <dt>Price per period</dt>
                      <dd>{formatDollars(quote.data.monthly_price)}</dd>
                    </div>
                    <div>
                      <dt>Applies from</dt>
                      <dd>
                        <When at={quote.data.effective} />
                      </dd>
                    </div>
                    <div>
                      <dt>Pro-rata</dt>
                      <dd>{proRata(quote.data.adjustment)}</dd>
                    </div>
                  </dl>
                )}
              </div>
              <FormActions
                onCancel={onClose}
                submitting={isSubmitting || !quote.isSuccess}
                label="Change plan"
                busyLabel={isSubmitting ? 'Changing…' : 'Change plan'}
              />
            </form>
          );
        }}
      </QueryView>
    </Dialog>
  );
}

export function BlockDialog({ accountid, service, onClose }: Props) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<unknown>(null);
  const params = { accountid: String(accountid), serviceid: String(service.serviceid) };
  const blocks = useQuery({
    queryKey: ['service-blocks', accountid, service.serviceid],
    queryFn: ({ signal }) => call(adminRoutes.adminServiceBlocks, { params, signal }),
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { isSubmitting, errors },
  } = useForm<{ dbid: string }>({ defaultValues: { dbid: '' } });
  const dbid = useWatch({ control, name: 'dbid' });
  const block = blocks.data?.find((b) => String(b.dbid) === dbid);

  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      await call(adminRoutes.adminBuyBlock, {
        idempotencyKey,
        params,
        body: { dbid: Number(v.dbid) },
      });
      await refreshAccount(queryClient, accountid);
      onClose();
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Buy data: ${serviceName(service)}`}
      description="As the customer would in their portal: charged on their next invoice (no card is taken), added within 2.5 hours, until the end of this period. You are named in the audit."
    >
      {failure ? <ErrorNotice error={failure} /> : null}
      <QueryView query={blocks} loading="Loading the data blocks">
        {(offered) =>
          offered.length === 0 ? (
            <p className="notice info" role="status">
              This service cannot buy data blocks (it is unlimited, not active, or a phone service).
            </p>
          ) : (
            <form onSubmit={(event) => void onSubmit(event)} noValidate className="form-grid">
              <fieldset className="field span-2">
                <legend>Data block</legend>
                {offered.map((b) => (
                  <label key={b.dbid} className="check">
                    <input
                      type="radio"
                      value={String(b.dbid)}
                      {...register('dbid', { required: 'Choose a data block.' })}
                    />
                    {b.block}: {formatDollars(b.price)}
                  </label>
                ))}
                {errors.dbid ? <p className="field-error">{errors.dbid.message}</p> : null}
              </fieldset>
              {block ? (
                <p className="span-2" aria-live="polite">
                  <strong>{formatDollars(block.price)}</strong> goes on the customer&apos;s next
                  invoice as &lsquo;{block.block} ({service.identifier})&rsquo;.
                </p>
              ) : null}
              <FormActions
                onCancel={onClose}
                submitting={isSubmitting}
                label={block ? `Buy for ${formatDollars(block.price)}` : 'Buy'}
                busyLabel="Buying…"
              />
            </form>
          )
        }
      </QueryView>
    </Dialog>
  );
}
