import type { OwnContact, UserAccount } from '@outpost/contracts/account';
import { messages } from '@outpost/contracts/messages';
import { hasAllPermissions } from '@outpost/contracts/permissions';
import { formatMoney } from '@outpost/domain/format';
import {
  checkContactEmail,
  checkContactPhone,
  PHONE_EXAMPLES,
} from '@outpost/domain/contacts-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { rulesResolver } from '@/components/form/rules-resolver';
import { LoadError } from '@/components/load-error';
import { LoadingState } from '@/components/loading-state';
import { useStepUp } from '@/components/step-up-dialog';
import { FormAlert } from '@/components/form/form-alert';
import { WizardModal, WizardStep } from '@/components/wizard';
import { useWizardFlow } from '@/components/wizard-flow';
import { userAccountQueryKey, useUserAccount } from '../api/details-get-account';
import { ownContactQueryKey, useOwnContact } from '../api/details-get-contact';
import { useUpdateOwnContact, useVerifyOwnContact } from '../api/details-update-contact';
import { AccountLayout } from '../../components/account-layout';
import {
  ConfirmChangeActions,
  ConfirmChangeForm,
  confirmChangeFormId,
} from './details-confirm-change';
import { PendingChangeNote } from './details-pending-change';
import { DetailsPermissionsModal } from './details-permissions-modal';
import { PhoneInput } from '../../components/details-phone-input';
import { ServerActionButton } from '@/components/server-action-button';
import { useSession } from '@/lib/session';
import { useFormSeed } from '@/lib/form-seed';

const statusClass: Readonly<Record<UserAccount['balance']['status'], string>> = {
  Owing: 'status-badge status-badge--owing',
  Paid: 'status-badge status-badge--paid',
  'In Credit': 'status-badge status-badge--credit',
};

/**
 * /account/details (spec 3 sections 2.8, 4, 5): the Summary panel and the own contact form.
 * Every contact may open it for their own details (docs/decisions/039); the Summary is account
 * data, shown only with view-account.
 */
export function DetailsPage() {
  const showSummary = hasAllPermissions(useSession().permissions, ['view-account']);
  const account = useUserAccount(showSummary);
  const contact = useOwnContact();
  // The form takes the contact's values: never from a kept copy that is being fetched again.
  const own = useFormSeed(contact, ownContactQueryKey);
  const [viewing, setViewing] = useState(false);
  const content = (
    <div className="account-details">
      {!showSummary ? null : account.isError ? (
        <LoadError
          error={messages.account.loadPage}
          onRetry={() => void account.refetch()}
          resetKey={account.errorUpdatedAt}
        />
      ) : (
        <SummaryPanel account={account.data ?? null} />
      )}
      {contact.isError ? (
        <LoadError
          error={messages.account.loadPage}
          onRetry={() => void contact.refetch()}
          resetKey={contact.errorUpdatedAt}
        />
      ) : (
        <ContactPanel contact={own ?? null} onViewPermissions={() => setViewing(true)} />
      )}
    </div>
  );
  return (
    <AccountLayout title="My Details">
      {/* Its skeletons while loading; offline with nothing kept, the plain 'not kept' message. */}
      <LoadingState
        data={(showSummary && account.isPending) || contact.isPending}
        placeholder={content}
      />
      {viewing && <DetailsPermissionsModal onClose={() => setViewing(false)} />}
    </AccountLayout>
  );
}

function money(cents: number): string {
  return cents === 0 ? '$0.00' : formatMoney(cents);
}

/** A value still loading: a grey line where it will be. */
function ValueSkeleton() {
  return <span className="skeleton__line account-details__skeleton" aria-hidden="true" />;
}

function SummaryPanel({ account }: { account: UserAccount | null }) {
  const headingId = useId();
  return (
    <section
      className="dashboard-card account-details__summary"
      aria-labelledby={headingId}
      aria-busy={!account || undefined}
    >
      <h2 id={headingId} className="dashboard-card__title">
        Summary
      </h2>
      <dl className="facts">
        <div>
          <dt>Account ID</dt>
          <dd>{account ? account.accountid : <ValueSkeleton />}</dd>
        </div>
        <div>
          <dt>Account holder</dt>
          <dd>{account ? account.account_holder : <ValueSkeleton />}</dd>
        </div>
        <div>
          <dt>Services</dt>
          <dd>{account ? account.services : <ValueSkeleton />}</dd>
        </div>
        <div>
          <dt>Balance</dt>
          <dd className="facts__balance">
            {account ? (
              <>
                <span className="facts__amount">{money(Math.abs(account.balance.amount))}</span>
                <span className={statusClass[account.balance.status]}>
                  {account.balance.status}
                </span>
              </>
            ) : (
              <ValueSkeleton />
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

type ContactValues = {
  title: string;
  given_names: string;
  surname: string;
  email: string;
  mobile: string;
};

const contactRules = rulesResolver<ContactValues>({
  email: checkContactEmail,
  mobile: checkContactPhone,
});

function valuesOf(contact: OwnContact | null): ContactValues {
  return {
    title: contact?.title ?? '',
    given_names: contact?.given_names ?? '',
    surname: contact?.surname ?? '',
    email: contact?.email.email ?? '',
    mobile: contact?.mobile.phone ?? '',
  };
}

type SaveStep = 'form' | 'saving' | 'confirm' | 'confirming';
type Pending = OwnContact['pending'];
const nothingPending: Pending = { email: null, mobile: null };

/**
 * The own contact form (spec 3 section 5): title and names read-only, email required and valid,
 * a numeric contact number. Saving shows 'Updating your contact details... Please wait.' then
 * 'Success!'; closing reloads the page's data, so the form shows what was stored. A new email or
 * mobile (decision 035) first needs a one-time code (the step-up dialog), then the code sent to
 * the new address: until it is entered the page shows the change as waiting.
 */
function ContactPanel({
  contact,
  onViewPermissions,
}: {
  contact: OwnContact | null;
  onViewPermissions: () => void;
}) {
  const ids = useId();
  const queryClient = useQueryClient();
  const stepUp = useStepUp();
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ownContactQueryKey });
    void queryClient.invalidateQueries({ queryKey: userAccountQueryKey });
  };
  const handleClose = () => {
    flow.reset();
    reload();
  };
  const flow = useWizardFlow<SaveStep>({ first: 'form', onClose: handleClose });
  /** The new addresses the confirm step asks the codes of. */
  const [waiting, setWaiting] = useState<Pending>(nothingPending);
  const save = flow.submitter(useUpdateOwnContact(stepUp.run), {
    savingStep: 'saving',
    errorStep: 'form',
    onSuccess: (saved) => {
      if (saved.pending.email === null && saved.pending.mobile === null) return;
      setWaiting(saved.pending);
      flow.goTo('confirm');
    },
  });
  const confirm = flow.submitter(
    useVerifyOwnContact((confirmed) => setWaiting(confirmed.pending)),
    { savingStep: 'confirming', errorStep: 'confirm' },
  );
  const form = useForm<ContactValues>({ resolver: contactRules, values: valuesOf(contact) });
  const loading = contact === null;
  const handleSubmit = form.handleSubmit((values) =>
    save({
      title: values.title === '' ? null : values.title,
      given_names: values.given_names,
      surname: values.surname,
      email: values.email.trim(),
      mobile: values.mobile.trim(),
    }),
  );
  const handleEnterCode = () => {
    if (!contact) return;
    setWaiting(contact.pending);
    flow.goTo('confirm');
  };

  return (
    <section
      className="dashboard-card account-details__contact"
      aria-labelledby={`${ids}-title`}
      aria-busy={loading || undefined}
    >
      <h2 id={`${ids}-title`} className="dashboard-card__title">
        Your contact details
      </h2>
      {flow.step === 'form' && flow.failure !== null && <FormAlert error={flow.failure} />}
      <FormProvider {...form}>
        <form className="form account-details__form" onSubmit={handleSubmit} noValidate>
          <p className="field__hint">To change your title or name, please call us.</p>
          <div className="account-details__names">
            <Field<ContactValues> name="title" label="Title" readOnly />
            <Field<ContactValues> name="given_names" label="First name" readOnly />
            <Field<ContactValues> name="surname" label="Last name" readOnly />
          </div>
          <Field<ContactValues>
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            disabled={loading}
          />
          <Field<ContactValues>
            name="mobile"
            label="Contact Number"
            hint={messages.account.phoneHint(PHONE_EXAMPLES[0], PHONE_EXAMPLES[1])}
            control={(props) => <PhoneInput {...props} disabled={loading} />}
          />
          {contact && <PendingChangeNote contact={contact} onEnterCode={handleEnterCode} />}
          <div className="button-row">
            <button type="button" className="button" onClick={onViewPermissions}>
              View Permissions
            </button>
            <ServerActionButton
              type="submit"
              className="button button--primary"
              disabled={loading || flow.saving}
            >
              Update
            </ServerActionButton>
          </div>
        </form>
      </FormProvider>
      {flow.step !== 'form' && (
        <WizardModal
          flow={flow}
          title="Update Contact Details"
          initialFocus="title"
          footer={
            flow.step === 'confirm' ? (
              <ConfirmChangeActions
                formId={confirmChangeFormId(ids)}
                saving={flow.saving}
                onCancel={handleClose}
              />
            ) : undefined
          }
        >
          <WizardStep flow={flow} id="saving" progress={messages.account.updatingDetails}>
            <p className="form-status" role="status">
              {messages.account.success}
            </p>
            <p>Your contact details have been saved.</p>
          </WizardStep>
          <WizardStep flow={flow} id="confirm" heading="Enter the code we sent">
            <ConfirmChangeForm
              id={confirmChangeFormId(ids)}
              waiting={waiting}
              disabled={flow.saving}
              onConfirm={confirm}
            />
          </WizardStep>
          <WizardStep flow={flow} id="confirming" progress={messages.account.confirmingDetails}>
            <p className="form-status" role="status">
              {messages.account.success}
            </p>
            <p>Your new contact details are confirmed and saved.</p>
          </WizardStep>
        </WizardModal>
      )}
      {stepUp.dialog}
    </section>
  );
}
