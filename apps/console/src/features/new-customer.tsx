import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { adminRoutes } from '@outpost/contracts/admin';
import {
  checkContactBirthDate,
  checkContactEmail,
  checkContactMobile,
  CONTACT_TITLES,
} from '@outpost/domain/contacts-rules';
import { call, newIdempotencyKey } from '../api';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { ErrorNotice, FormActions } from '../components/ui';

type Values = {
  name: string;
  external_id: string;
  title: (typeof CONTACT_TITLES)[number];
  given_names: string;
  surname: string;
  email: string;
  mobile: string;
  date_of_birth: string;
};

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
      title: 'Ms',
      given_names: '',
      surname: '',
      email: '',
      mobile: '',
      date_of_birth: '',
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
          holder: {
            title: v.title,
            given_names: v.given_names.trim(),
            surname: v.surname.trim(),
            email: v.email.trim(),
            mobile: v.mobile.trim(),
            date_of_birth: v.date_of_birth,
          },
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
        <Field label="Title" as="select" {...register('title')}>
          {CONTACT_TITLES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </Field>
        <Field
          label="Given names"
          autoComplete="off"
          error={errors.given_names?.message}
          {...register('given_names', required('the given names'))}
        />
        <Field
          label="Surname"
          autoComplete="off"
          error={errors.surname?.message}
          {...register('surname', required('the surname'))}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email', { validate: (v) => checkContactEmail(v.trim()) ?? true })}
        />
        <Field
          label="Mobile"
          inputMode="tel"
          autoComplete="off"
          error={errors.mobile?.message}
          {...register('mobile', { validate: (v) => checkContactMobile(v.trim()) ?? true })}
        />
        <Field
          label="Date of birth"
          type="date"
          error={errors.date_of_birth?.message}
          {...register('date_of_birth', {
            validate: (v) => checkContactBirthDate(v, new Date()) ?? true,
          })}
        />
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
