import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { adminRoutes, type AdminAccountView } from '@outpost/contracts/admin';
import { call, newIdempotencyKey } from '../api';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { ErrorNotice, FormActions } from '../components/ui';

type Service = AdminAccountView['services'][number];
export type StatusChange = 'suspend' | 'resume' | 'cancel';

const TITLES: Record<StatusChange, string> = {
  suspend: 'Suspend',
  resume: 'Resume',
  cancel: 'Cancel',
};
const EXPLAINED: Record<StatusChange, string> = {
  suspend:
    'The customer keeps seeing it, its usage and bills, and can pay and ask for help; they cannot buy data blocks or change its plan until it is resumed (decision 052).',
  resume: 'It becomes active again: blocks and plan changes are open to the customer.',
  cancel:
    'It ends on the day you choose (today unless you pick a later day); scheduled plan changes end now. It is not billed again.',
};

/**
 * Suspend, resume or cancel a service (admin; decision 052). The reason is kept with the service
 * and in the audit, never shown to the customer.
 */
export function ServiceStatusDialog({
  accountid,
  service,
  change,
  onClose,
}: {
  accountid: number;
  service: Service;
  change: StatusChange;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ reason: string; on: string }>({ defaultValues: { reason: '', on: '' } });
  const params = { accountid: String(accountid), serviceid: String(service.serviceid) };

  const onSubmit = handleSubmit(async (v) => {
    setFailure(null);
    try {
      if (change === 'suspend') {
        await call(adminRoutes.adminSuspendService, {
          idempotencyKey,
          params,
          body: { reason: v.reason.trim() },
        });
      } else if (change === 'resume') {
        await call(adminRoutes.adminResumeService, { idempotencyKey, params });
      } else {
        await call(adminRoutes.adminCancelService, {
          idempotencyKey,
          params,
          body: { reason: v.reason.trim(), ...(v.on ? { on: v.on } : {}) },
        });
      }
      await queryClient.invalidateQueries({ queryKey: ['account', accountid] });
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
      title={`${TITLES[change]} ${service.nickname ?? service.technology} ${service.identifier}`}
      description={EXPLAINED[change]}
    >
      {failure ? <ErrorNotice error={failure} /> : null}
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="form-grid">
        {change === 'resume' ? null : (
          <Field
            label="Reason (for your records; the customer does not see it)"
            autoComplete="off"
            maxLength={500}
            error={errors.reason?.message}
            {...register('reason', { validate: (v) => (v.trim() ? true : 'Give the reason.') })}
          />
        )}
        {change === 'cancel' ? (
          <Field
            label="Last day (optional)"
            type="date"
            hint="Empty: it ends today."
            {...register('on')}
          />
        ) : null}
        <FormActions
          onCancel={onClose}
          submitting={isSubmitting}
          label={`${TITLES[change]} service`}
          busyLabel="Saving…"
        />
      </form>
    </Dialog>
  );
}
