import { CONTACT_TITLES, PHONE_EXAMPLES } from '@outpost/domain/contacts-rules';
import type { NewContactInput } from '@outpost/contracts/contacts';
import { messages } from '@outpost/contracts/messages';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { rulesResolver } from '@/components/form/rules-resolver';
import { LoadingState } from '@/components/loading-state';
import { ReviewList } from '@/components/review-list';
import { useStepUp } from '@/components/step-up-dialog';
import { FormAlert } from '@/components/form/form-alert';
import { WizardModal, WizardStep } from '@/components/wizard';
import { useWizardFlow } from '@/components/wizard-flow';
import { useSession } from '@/lib/session';
import { type AddedContact, useAddContact } from '../api/add-contact';
import { usePermissionDefinitions, useRelationships, useRoles } from '../api/get-contact-setup';
import {
  checkRequired,
  type ContactDetailsValues,
  contactDetailsFields,
  contactDetailsRules,
  type ContactRoleValues,
} from '../utils/contact-form';
import { bySection, offeredFor, roleLevel } from '../utils/permissions';
import { PermissionPicker } from './permission-picker';
import { PhoneInput } from '../../components/details-phone-input';
import { ServerActionButton } from '@/components/server-action-button';

type AddStep = 'details' | 'roles' | 'confirm' | 'saving';
const NUMBERED_STEPS = ['details', 'roles', 'confirm'] as const;

type AddValues = ContactDetailsValues & ContactRoleValues;

const addRules = rulesResolver<AddValues>({
  ...contactDetailsRules(),
  role: checkRequired,
  relationship: checkRequired,
});

const emptyValues: AddValues = {
  title: '',
  given_names: '',
  surname: '',
  date_of_birth: '',
  email: '',
  mobile: '',
  role: '',
  relationship: '',
};

/** The admin's own ticks, for the role they were made under (a new role starts from its defaults). */
type Picked = { role: string; names: string[] };

export type AddContactModalProps = { onClose: () => void };

/**
 * The Add Contact wizard (spec 3 sections 4, 5 and 7): 1 Details, 2 Roles & Permissions, 3
 * Confirm, 4 saving then success. A role preselects every permission its level allows (that the
 * admin holds); the relationship waits for a role. Any failure returns to step 1 with the error.
 * Adding needs a fresh one-time code (step-up); the new contact is emailed an invitation to set
 * their own password.
 */
export function AddContactModal({ onClose }: AddContactModalProps) {
  const ids = useId();
  const formId = `${ids}-form`;
  const { permissions: held } = useSession();
  const stepUp = useStepUp();
  const flow = useWizardFlow<AddStep>({ first: 'details', onClose });
  const [added, setAdded] = useState<AddedContact | null>(null);
  const add = flow.submitter(useAddContact(stepUp.run), {
    savingStep: 'saving',
    errorStep: 'details',
    event: 'Add Contact',
    onSuccess: setAdded,
  });

  const definitions = usePermissionDefinitions();
  const roles = useRoles();
  const relationships = useRelationships();
  const setupPending = definitions.isPending || roles.isPending || relationships.isPending;
  const setupFailed = definitions.isError || roles.isError || relationships.isError;

  const form = useForm<AddValues>({ resolver: addRules, defaultValues: emptyValues });
  const role = form.watch('role');

  // A new role offers other relationships: the chosen one goes.
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name === 'role') form.setValue('relationship', '');
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const level = roleLevel(roles.data ?? [], role);
  const offered = level === null ? [] : offeredFor(definitions.data ?? [], level, held);
  const [picked, setPicked] = useState<Picked | null>(null);
  const chosen =
    picked?.role === role ? picked.names : offered.map((definition) => definition.permission);
  const roleRelationships = (relationships.data ?? []).filter((r) => r.for_role === role);

  const handleNext = async () => {
    if (flow.step === 'details') {
      if (await form.trigger([...contactDetailsFields], { shouldFocus: true })) flow.goTo('roles');
    } else if (flow.step === 'roles') {
      if (await form.trigger(['role', 'relationship'], { shouldFocus: true })) flow.goTo('confirm');
    }
  };

  const save = form.handleSubmit((values) => {
    const contact: NewContactInput = {
      role: values.role,
      relationship: values.relationship,
      title: values.title as NewContactInput['title'],
      given_names: values.given_names.trim(),
      surname: values.surname.trim(),
      email: values.email.trim(),
      mobile: values.mobile.trim(),
      date_of_birth: values.date_of_birth,
    };
    add({ contact, chosen: offered.map((d) => d.permission).filter((p) => chosen.includes(p)) });
  });

  /** Enter or the footer's button: the next step (checking this one), or on Confirm, save. */
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (flow.step === 'confirm') {
      void save(event);
      return;
    }
    event.preventDefault();
    void handleNext();
  };

  const values = form.getValues();
  const back = (
    <button type="button" className="button" disabled={flow.saving} onClick={flow.back}>
      Back
    </button>
  );
  const footers: Record<AddStep, ReactNode> = {
    details: (
      <>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
        <ServerActionButton type="submit" form={formId} className="button button--primary">
          Next
        </ServerActionButton>
      </>
    ),
    roles: (
      <>
        {back}
        <ServerActionButton
          type="submit"
          form={formId}
          className="button button--primary"
          disabled={setupPending || setupFailed}
        >
          Next
        </ServerActionButton>
      </>
    ),
    confirm: (
      <>
        {back}
        <ServerActionButton
          type="submit"
          form={formId}
          className="button button--primary"
          disabled={flow.saving}
        >
          Add Contact
        </ServerActionButton>
      </>
    ),
    saving: undefined,
  };

  const chosenSections = bySection(offered.filter((d) => chosen.includes(d.permission)));

  return (
    <>
      <WizardModal
        flow={flow}
        steps={NUMBERED_STEPS}
        title="Add Contact"
        className="contact-wizard"
        footer={footers[flow.step]}
      >
        <FormProvider {...form}>
          <form id={formId} className="form" onSubmit={handleSubmit} noValidate>
            <WizardStep flow={flow} id="details" heading="Details">
              <Field<AddValues>
                name="title"
                label="Title"
                emptyOption="Select a title"
                options={CONTACT_TITLES.map((t) => ({ value: t, label: t }))}
              />
              <Field<AddValues>
                name="given_names"
                label="First name"
                type="text"
                autoComplete="off"
                maxLength={100}
              />
              <Field<AddValues>
                name="surname"
                label="Last name"
                type="text"
                autoComplete="off"
                maxLength={100}
              />
              <Field<AddValues> name="date_of_birth" label="Date of birth" type="date" />
              <Field<AddValues>
                name="email"
                label="Email"
                hint="We email them an invitation to set their own password."
                type="email"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={254}
              />
              <Field<AddValues>
                name="mobile"
                label="Contact number"
                hint={messages.account.phoneHint(...PHONE_EXAMPLES)}
                control={(props) => <PhoneInput {...props} autoComplete="off" maxLength={15} />}
              />
            </WizardStep>
            <WizardStep flow={flow} id="roles" heading="Roles & Permissions">
              {setupPending ? (
                <LoadingState label="Loading roles and permissions…" />
              ) : setupFailed ? (
                <FormAlert>{messages.account.loadPage}</FormAlert>
              ) : (
                <>
                  <Field<AddValues>
                    name="role"
                    label="Role"
                    emptyOption="Select a role"
                    options={roles.data.map((r) => ({ value: r.role, label: r.role }))}
                  />
                  <Field<AddValues>
                    name="relationship"
                    label="Relationship"
                    hint={role === '' ? 'Choose a role first.' : undefined}
                    disabled={role === ''}
                    emptyOption="Select a relationship"
                    options={roleRelationships.map((r) => ({
                      value: r.relationship,
                      label: r.relationship,
                    }))}
                  />
                  {role !== '' && (
                    <>
                      <h4 className="contact-wizard__permissions-title">Permissions</h4>
                      {offered.length === 0 ? (
                        <p className="empty-state">
                          There are no permissions you can give this role.
                        </p>
                      ) : (
                        <PermissionPicker
                          permissions={offered}
                          chosen={chosen}
                          onChange={(names) => setPicked({ role, names })}
                        />
                      )}
                    </>
                  )}
                </>
              )}
            </WizardStep>
          </form>
        </FormProvider>
        <WizardStep flow={flow} id="confirm" heading="Confirm">
          <ReviewList
            items={[
              ['Name', `${values.title} ${values.given_names} ${values.surname}`],
              ['Date of birth', values.date_of_birth],
              ['Email', values.email],
              ['Contact number', values.mobile],
              ['Role', values.role],
              ['Relationship', values.relationship],
              [
                'Permissions',
                chosenSections.length === 0 ? (
                  'None'
                ) : (
                  <ul className="contact-wizard__list">
                    {chosenSections.map(({ section, items }) => (
                      <li key={section}>
                        {section}: {items.map((d) => d.label).join(', ')}
                      </li>
                    ))}
                  </ul>
                ),
              ],
            ]}
          />
          <p className="contact-wizard__edits">
            <button
              type="button"
              className="button button--link"
              onClick={() => flow.goTo('details')}
            >
              Change the details
            </button>
            <button
              type="button"
              className="button button--link"
              onClick={() => flow.goTo('roles')}
            >
              Change the role or permissions
            </button>
          </p>
          <p>
            We will email {values.email} an invitation with a link to set their own password. Adding
            a contact needs a one-time code to confirm it is you.
          </p>
        </WizardStep>
        <WizardStep
          flow={flow}
          id="saving"
          heading={flow.done ? 'Contact added' : 'Saving new contact'}
          progress={messages.account.savingContact}
        >
          <p className="form-status" role="status">
            {messages.account.contactAdded}
          </p>
          <p>
            We have emailed {values.email} an invitation to set their own password. The link in it
            works once; until they use it they show as Invited.
          </p>
          {added !== null && added.permissionsProblem !== null && (
            <>
              <FormAlert error={added.permissionsProblem} />
              <p>
                Their permissions may not be as you chose: select Permissions on their row to check
                them.
              </p>
            </>
          )}
        </WizardStep>
      </WizardModal>
      {stepUp.dialog}
    </>
  );
}
