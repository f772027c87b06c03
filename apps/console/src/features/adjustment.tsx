import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { adminRoutes } from '@outpost/contracts/admin';
import { ADJUSTMENT_MAX_CENTS } from '@outpost/domain/admin-rules';
import { formatDollars } from '@outpost/domain/money';
import { call, newIdempotencyKey } from '../api';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { ErrorNotice, FormActions } from '../components/ui';

type Values = { kind: 'credit' | 'charge'; amount: string; description: string };

/** A credit or charge for the next invoice (billing; decision 054): the line the customer reads. */
export function AdjustmentDialog({
  accountid,
  onClose,
}: {
  accountid: number;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { kind: 'credit', amount: '', description: '' } });
  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      await call(adminRoutes.adminAddAdjustment, {
        idempotencyKey,
        params: { accountid: String(accountid) },
        body: {
          kind: v.kind,
          amount_cents: Math.round(Number(v.amount) * 100),
          description: v.description.trim(),
        },
      });
      await queryClient.invalidateQueries({ queryKey: ['adjustments', accountid] });
      await queryClient.invalidateQueries({ queryKey: ['audit', accountid] });
      onClose();
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Add a credit or charge"
      description="It goes on the customer's next invoice, with the line you write here. You are named in the audit."
    >
      {failure ? <ErrorNotice error={failure} /> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="form-grid">
        <Field label="Kind" as="select" {...register('kind')}>
          <option value="credit">Credit (lowers what they owe)</option>
          <option value="charge">Charge (adds to what they owe)</option>
        </Field>
        <Field
          label="Amount ($)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount', {
            validate: (v) =>
              /^\d+(\.\d{1,2})?$/.test(v.trim()) &&
              Number(v) > 0 &&
              Math.round(Number(v) * 100) <= ADJUSTMENT_MAX_CENTS
                ? true
                : `Enter an amount from $0.01 to ${formatDollars(ADJUSTMENT_MAX_CENTS)}, like 15 or 15.50.`,
          })}
        />
        <Field
          label="Invoice line (the customer reads this)"
          autoComplete="off"
          maxLength={120}
          hint="For example: Credit for the outage of 3 March."
          error={errors.description?.message}
          {...register('description', {
            validate: (v) =>
              v.trim().length >= 3 ? true : 'Write the line the customer will read.',
          })}
        />
        <FormActions
          onCancel={onClose}
          submitting={isSubmitting}
          label="Add to next invoice"
          busyLabel="Adding…"
        />
      </form>
    </Dialog>
  );
}
