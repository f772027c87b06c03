import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { adminRoutes } from '@outpost/contracts/admin';
import { call, newIdempotencyKey } from '../api';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { ErrorNotice, FormActions } from '../components/ui';
import type { PersonValues } from './person-fields';
import { PersonFields, emptyPerson, personInput } from './person-fields';

type Values = PersonValues & { name: string; external_id: string };

const required = (what: string) => ({
  validate: (v: string) => (v.trim() ? true : `Enter ${what}.`),
});

/**
 * A new customer: the account and its holder (admin). The holder is invited by email to set
 * their own password, as a contact is; the same rules as the portal's contact form check it here
 * before the server checks it again.
 */
export function NewCustomerDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (accountid: number) => void;
}) {
  const queryClient = useQueryClient();
  // One key per form: sending it again after a lost answer makes no second customer.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: {
      name: '',
      external_id: '',
      ...emptyPerson,
    },
  });

  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      const answer = await call(adminRoutes.adminCreateAccount, {
        idempotencyKey,
        body: {
          name: v.name.trim(),
          ...(v.external_id.trim() ? { external_id: v.external_id.trim() } : {}),
          holder: personInput(v),
        },
      });
      await queryClient.invalidateQueries({ queryKey: ['accounts'] });
      reset();
      setIdempotencyKey(newIdempotencyKey());
      onOpenChange(false);
      onCreated(answer.account.accountid);
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="New customer"
      description="The account holder gets an email inviting them to set their own password (the link lasts 7 days)."
    >
      {failure ? <ErrorNotice error={failure} /> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="form-grid">
        <Field
          label="Account name"
          error={errors.name?.message}
          {...register('name', required('the account name'))}
        />
        <Field
          label="Your reference (optional)"
          hint="Your billing system's id for this customer."
          error={errors.external_id?.message}
          {...register('external_id', {
            validate: (v) =>
              v.trim() === '' || /^[A-Za-z0-9._:-]{1,100}$/.test(v.trim())
                ? true
                : 'Use up to 100 letters, digits or . _ : -',
          })}
        />
        <PersonFields register={register} errors={errors} />
        <FormActions
          onCancel={() => onOpenChange(false)}
          submitting={isSubmitting}
          label="Create and invite"
          busyLabel="Creating…"
        />
      </form>
    </Dialog>
  );
}
