import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { adminRoutes } from '@outpost/contracts/admin';
import { roleDefinitions } from '@outpost/contracts/roles';
import { call, newIdempotencyKey } from '../api';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { ErrorNotice, FormActions } from '../components/ui';
import type { PersonValues } from './person-fields';
import { PersonFields, emptyPerson, personInput } from './person-fields';

/** The roles a contact may have: every one but the holder's (an account has one holder). */
const CONTACT_ROLES = roleDefinitions.filter((r) => r.role !== 'Account Holder');

type Values = PersonValues & { role: string; relationship: string; invite: boolean };

/**
 * One more contact on a customer's account (provisioning): the portal's own contact rules, the
 * role's permissions, and by default an email inviting them to set a password (the holder is
 * told). Without the invitation (a customer moving in) no one is mailed.
 */
export function AddContactDialog({
  accountid,
  open,
  onOpenChange,
}: {
  accountid: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  // One key per form: sending it again after a lost answer adds no second contact.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: {
      ...emptyPerson,
      role: CONTACT_ROLES[0]!.role,
      relationship: CONTACT_ROLES[0]!.relationships[0],
      invite: true,
    },
  });
  const role = CONTACT_ROLES.find((r) => r.role === watch('role')) ?? CONTACT_ROLES[0]!;

  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      await call(adminRoutes.adminAddContact, {
        idempotencyKey,
        params: { accountid: String(accountid) },
        body: {
          ...personInput(v),
          role: v.role,
          relationship: v.relationship,
          invite: v.invite,
        },
      });
      await queryClient.invalidateQueries({ queryKey: ['account', accountid] });
      reset();
      setIdempotencyKey(newIdempotencyKey());
      onOpenChange(false);
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add a contact"
      description="They can act on the account as their role allows once they have set a password."
    >
      {failure ? <ErrorNotice error={failure} /> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="form-grid">
        <Field
          label="Role"
          as="select"
          {...register('role', {
            onChange: (event: { target: { value: string } }) => {
              const next = CONTACT_ROLES.find((r) => r.role === event.target.value);
              if (next) setValue('relationship', next.relationships[0]);
            },
          })}
        >
          {CONTACT_ROLES.map((r) => (
            <option key={r.role}>{r.role}</option>
          ))}
        </Field>
        <Field label="Relationship" as="select" {...register('relationship')}>
          {role.relationships.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </Field>
        <PersonFields register={register} errors={errors} />
        <label className="check span-2">
          <input type="checkbox" {...register('invite')} /> Email them an invitation now, and tell
          the account holder
        </label>
        <FormActions
          onCancel={() => onOpenChange(false)}
          submitting={isSubmitting}
          label="Add contact"
          busyLabel="Adding…"
        />
      </form>
    </Dialog>
  );
}
