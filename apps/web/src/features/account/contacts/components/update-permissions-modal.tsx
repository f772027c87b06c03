import type { ContactListItem } from '@outpost/contracts/contacts';
import { messages } from '@outpost/contracts/messages';
import { type ReactNode, useState } from 'react';
import { LoadingState } from '@/components/loading-state';
import { useStepUp } from '@/components/step-up-dialog';
import { FormAlert } from '@/components/form/form-alert';
import { WizardModal, WizardStep } from '@/components/wizard';
import { WizardCloseNext } from '@/components/wizard-actions';
import { useWizardFlow } from '@/components/wizard-flow';
import { useSession } from '@/lib/session';
import { useContactPermissions } from '../api/get-contact-permissions';
import { usePermissionDefinitions, useRoles } from '../api/get-contact-setup';
import { useUpdateContactPermissions } from '../api/update-contact-permissions';
import {
  allowedFor,
  enabledNames,
  permissionChanges,
  permissionLabel,
  roleLevel,
} from '../utils/permissions';
import { PermissionPicker } from './permission-picker';
import { contactName } from '../utils/contact-form';

type UpdateStep = 'permissions' | 'confirm' | 'saving';
const NUMBERED_STEPS = ['permissions', 'confirm'] as const;

export type UpdatePermissionsModalProps = {
  contact: ContactListItem;
  onClose: () => void;
};

/**
 * The Update Permissions wizard (spec 3 sections 4 and 7): 1 Permissions (as the contact holds
 * them now, only those their role's level allows, Select All per section), 2 Confirm (the
 * changes), 3 saving then 'Those permission updates have been saved and are effective right now.'
 * Only the changes are sent; saving needs a fresh one-time code (step-up). A failure returns to
 * step 1 with the error.
 */
export function UpdatePermissionsModal({ contact, onClose }: UpdatePermissionsModalProps) {
  const { permissions: held } = useSession();
  const stepUp = useStepUp();
  const flow = useWizardFlow<UpdateStep>({ first: 'permissions', onClose });
  const save = flow.submitter(useUpdateContactPermissions(stepUp.run), {
    savingStep: 'saving',
    errorStep: 'permissions',
    event: 'Update Permissions',
  });

  const current = useContactPermissions(contact.user_id);
  const definitions = usePermissionDefinitions();
  const roles = useRoles();
  const pending = current.isPending || definitions.isPending || roles.isPending;
  const failed = current.isError || definitions.isError || roles.isError;

  const before = current.data ?? [];
  const level = roleLevel(roles.data ?? [], contact.role);
  const shown =
    level === null
      ? (definitions.data ?? []).filter((d) => before.some((p) => p.permission === d.permission))
      : allowedFor(definitions.data ?? [], level);
  /** What the caller does not hold: shown as the contact has it, not changeable by them. */
  const locked = new Set(
    shown.filter((d) => held[d.permission as keyof typeof held] !== true).map((d) => d.permission),
  );
  const [own, setOwn] = useState<string[] | null>(null);
  const chosen = own ?? enabledNames(before);
  const changes = permissionChanges(shown, before, chosen);
  const name = contactName(contact);

  const back = (
    <button type="button" className="button" disabled={flow.saving} onClick={flow.back}>
      Back
    </button>
  );
  const footers: Record<UpdateStep, ReactNode> = {
    permissions: (
      <WizardCloseNext
        onClose={onClose}
        nextDisabled={pending || failed}
        onNext={() => flow.goTo('confirm')}
      />
    ),
    confirm: (
      <>
        {back}
        {changes.length > 0 && (
          <button
            type="button"
            className="button button--primary"
            disabled={flow.saving}
            onClick={() => save({ userid: contact.user_id, changes })}
          >
            Save
          </button>
        )}
      </>
    ),
    saving: undefined,
  };

  const granted = changes.filter((c) => c.enabled === 1);
  const removed = changes.filter((c) => c.enabled === 0);
  const labelOf = (permission: string) => permissionLabel(definitions.data ?? [], permission);

  return (
    <>
      <WizardModal
        flow={flow}
        steps={NUMBERED_STEPS}
        title="Update Permissions"
        className="contact-wizard"
        footer={footers[flow.step]}
      >
        <WizardStep flow={flow} id="permissions" heading={`Permissions for ${name}`}>
          {pending ? (
            <LoadingState label="Loading permissions…" />
          ) : failed ? (
            <FormAlert>{messages.account.loadPage}</FormAlert>
          ) : shown.length === 0 ? (
            <p className="empty-state">There are no permissions this contact&apos;s role allows.</p>
          ) : (
            <>
              <p>
                {name} is a {contact.role}. These are the permissions that role can hold.
              </p>
              <PermissionPicker
                permissions={shown}
                chosen={chosen}
                onChange={setOwn}
                locked={locked}
              />
            </>
          )}
        </WizardStep>
        <WizardStep flow={flow} id="confirm" heading="Confirm">
          {changes.length === 0 ? (
            <p>You have not changed any permissions. Select Back to change them.</p>
          ) : (
            <>
              <p>These changes to {name}&apos;s permissions take effect at once:</p>
              {granted.length > 0 && (
                <>
                  <h4 className="contact-wizard__list-title">Give</h4>
                  <ul className="contact-wizard__list">
                    {granted.map((c) => (
                      <li key={c.permission}>{labelOf(c.permission)}</li>
                    ))}
                  </ul>
                </>
              )}
              {removed.length > 0 && (
                <>
                  <h4 className="contact-wizard__list-title">Take away</h4>
                  <ul className="contact-wizard__list">
                    {removed.map((c) => (
                      <li key={c.permission}>{labelOf(c.permission)}</li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )}
        </WizardStep>
        <WizardStep
          flow={flow}
          id="saving"
          heading={flow.done ? 'Permissions saved' : 'Saving permissions'}
          progress="Saving permission updates…"
        >
          <p className="form-status" role="status">
            {messages.account.permissionsSaved}
          </p>
        </WizardStep>
      </WizardModal>
      {stepUp.dialog}
    </>
  );
}
