import type {
  Paymethods,
  PaymentMethodType,
  UpdatePaymethodsInput,
} from '@outpost/contracts/billing';
import { PAYMETHOD_BANK, PAYMETHOD_CARD } from '@outpost/domain/billing-rules';
import { messages } from '@outpost/contracts/messages';
import { hasAllPermissions } from '@outpost/contracts/permissions';
import { useId, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { type Notice, NoticeBanner } from '@/components/notice-banner';
import { ServerActionReason } from '@/components/server-action-button';
import { LoadError } from '@/components/load-error';
import { useServerAction } from '@/lib/online';
import { useSession } from '@/lib/session';
import { usePaymethods } from '../api/get-paymethods';
import { useUpdatePaymethods } from '../api/update-paymethods';
import type { ConfirmResult } from '../gateway/types';
import { defaultFailureMessage, removeFailureMessage } from '../utils/errors';
import { paymethodButtons } from '../utils/paymethods';
import { ADD_METHOD_KEY, returnParams, takeReturn } from '../utils/stored-return';
import {
  AddPaymentMethodModal,
  isStoredAddMethod,
  type StoredAddMethod,
} from './add-payment-method-modal';
import { BillingLayout } from './billing-layout';
import { defaultPaymethodName, RemovePaymethodModal } from './remove-paymethod-modal';
import { LoadingState } from '@/components/loading-state';
import { formatCardExpiry } from '@outpost/domain/card-rules';
import { BankMark, CardBrandMark } from '@/components/payment-marks';

type Action = 'remove-card' | 'remove-bank' | 'default-card' | 'default-bank';
type Editing =
  | { type: PaymentMethodType; updating: boolean; opening: number }
  | {
      type: PaymentMethodType;
      updating: boolean;
      opening: number;
      returned: { stored: StoredAddMethod; confirmed: ConfirmResult };
    }
  | null;

const bodies: Readonly<Record<Action, UpdatePaymethodsInput>> = {
  'remove-card': { card_details: null },
  'remove-bank': { bank_details: null },
  'default-card': { current: { method: PAYMETHOD_CARD } },
  'default-bank': { current: { method: PAYMETHOD_BANK } },
};

function actionOf(body: UpdatePaymethodsInput): Action | null {
  const found = (Object.keys(bodies) as Action[]).find((action) => bodies[action] === body);
  return found ?? null;
}

/** Back from the bank's authentication page while adding a method: what to commit (read once). */
function useSetupReturn(): Editing {
  const [search] = useSearchParams();
  const [returned] = useState<Editing>(() => {
    const params = returnParams(search, 'setup_intent');
    if (!params) return null;
    const stored = takeReturn(ADD_METHOD_KEY, isStoredAddMethod);
    if (!stored) return null;
    return {
      type: stored.type,
      updating: false,
      opening: 0,
      returned: {
        stored,
        confirmed: {
          status: params.status === 'succeeded' ? 'succeeded' : params.status,
          intentId: params.intent,
          paymentMethod: null,
          error: null,
        },
      },
    };
  });
  return returned;
}

/**
 * /billing/recurring-payment-method (spec 3 sections 2.5 and 4): the current method, the saved
 * card and bank account, and (with edit-paymethods) Add / Update / Remove / Make Default as the
 * rules allow. Each change reloads the methods and the dashboard.
 */
export function RecurringPaymentPage() {
  const ids = useId();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const canEdit = hasAllPermissions(permissions, ['edit-paymethods']);
  const methods = usePaymethods();
  const update = useUpdatePaymethods();
  const [notice, setNotice] = useState<Notice>(null);
  const setupReturn = useSetupReturn();
  const [editing, setEditing] = useState<Editing>(setupReturn);
  // Remove Card / Remove Account ask first (what goes, where automatic payments go).
  const [confirmRemove, setConfirmRemove] = useState<PaymentMethodType | null>(null);
  const busy = update.isPending ? actionOf(update.variables) : null;

  const run = (action: Action) => {
    if (update.isPending) return;
    setNotice(null);
    update.mutate(bodies[action], {
      onSuccess: (result) => {
        if (action.startsWith('default'))
          setNotice({ tone: 'success', text: messages.billing.defaultUpdated, at: Date.now() });
        else
          setNotice({
            tone: 'success',
            at: Date.now(),
            text: messages.billing.removed(
              action === 'remove-card' ? 'Card' : 'Bank account',
              defaultPaymethodName(result),
            ),
          });
      },
      onError: (error) =>
        setNotice({
          tone: 'error',
          at: Date.now(),
          text:
            action === 'remove-card'
              ? removeFailureMessage('card details', error)
              : action === 'remove-bank'
                ? removeFailureMessage('bank details', error)
                : defaultFailureMessage(error),
        }),
    });
  };

  const handleCloseModal = () => {
    setEditing(null);
    if (editing && 'returned' in editing)
      void navigate('/billing/recurring-payment-method', { replace: true });
  };

  return (
    <BillingLayout>
      <NoticeBanner notice={notice} onDismiss={() => setNotice(null)} />
      {methods.isError ? (
        <LoadError
          error={methods.error}
          onRetry={() => void methods.refetch()}
          resetKey={methods.errorUpdatedAt}
        />
      ) : (
        <div className="paymethods" aria-busy={methods.isPending || undefined}>
          <section
            className="paymethod-card paymethods__current"
            aria-labelledby={`${ids}-current`}
          >
            <h2 id={`${ids}-current`} className="paymethod-card__title">
              Current billing method
            </h2>
            {methods.isPending ? (
              <LoadingState
                placeholder={
                  <p className="paymethods__method paymethods__method--loading" role="status">
                    {messages.billing.loadingPaymethods}
                  </p>
                }
              />
            ) : (
              <p className="paymethods__method">
                {methods.data.current.method}
                {methods.data.current.status && methods.data.current.method !== 'Not Yet Set' && (
                  <span
                    className={
                      methods.data.current.status === 'Active'
                        ? 'status-badge status-badge--paid'
                        : 'status-badge'
                    }
                  >
                    {methods.data.current.status}
                  </span>
                )}
              </p>
            )}
          </section>
          <MethodSection
            type="card"
            title="Credit Card"
            methods={methods.data ?? null}
            canEdit={canEdit}
            busy={busy}
            onRun={run}
            onRemove={() => setConfirmRemove('card')}
            onEdit={(updating) => setEditing({ type: 'card', updating, opening: Date.now() })}
          />
          <MethodSection
            type="bank"
            title="Direct Debit"
            methods={methods.data ?? null}
            canEdit={canEdit}
            busy={busy}
            onRun={run}
            onRemove={() => setConfirmRemove('bank')}
            onEdit={(updating) => setEditing({ type: 'bank', updating, opening: Date.now() })}
          />
        </div>
      )}
      {confirmRemove && methods.data && (
        <RemovePaymethodModal
          type={confirmRemove}
          methods={methods.data}
          onCancel={() => setConfirmRemove(null)}
          onConfirm={() => {
            setConfirmRemove(null);
            run(confirmRemove === 'card' ? 'remove-card' : 'remove-bank');
          }}
        />
      )}
      {editing && (
        <AddPaymentMethodModal
          key={editing.opening}
          type={editing.type}
          updating={editing.updating}
          onClose={handleCloseModal}
          {...('returned' in editing ? { returned: editing.returned } : {})}
        />
      )}
    </BillingLayout>
  );
}

/** The account number's last 4 digits, however the server masks it ('062-000 ****6789'). */
function bankLast4(account: string | undefined): string | null {
  const digits = account?.replace(/\D/g, '') ?? '';
  return digits ? `ending in ${digits.slice(-4)}` : null;
}

/** A value still loading: a grey line where it will be (the page announces the loading once). */
function ValueSkeleton() {
  return <span className="skeleton__line paymethod-card__value-skeleton" aria-hidden="true" />;
}

type MethodSectionProps = {
  type: PaymentMethodType;
  title: string;
  methods: Paymethods | null;
  canEdit: boolean;
  busy: Action | null;
  onRun: (action: Action) => void;
  /** Opens the removal's confirm step. */
  onRemove: () => void;
  onEdit: (updating: boolean) => void;
};

function MethodSection({
  type,
  title,
  methods,
  canEdit,
  busy,
  onRun,
  onRemove,
  onEdit,
}: MethodSectionProps) {
  const ids = useId();
  const buttons = methods ? paymethodButtons(methods, type, canEdit) : null;
  const removeAction: Action = type === 'card' ? 'remove-card' : 'remove-bank';
  const defaultAction: Action = type === 'card' ? 'default-card' : 'default-bank';
  const noun = type === 'card' ? 'Card' : 'Account';
  const isDefault = methods?.current.method === (type === 'card' ? PAYMETHOD_CARD : PAYMETHOD_BANK);
  // Every action here changes the account on the server: offline they wait, with the reason once
  // under the row (lib/online.ts).
  const serverAction = useServerAction();
  const locked = busy !== null || serverAction.disabled;
  const reasonId = `${ids}-offline`;
  const describedBy = serverAction.reason ? reasonId : undefined;
  const hasButtons =
    buttons !== null && (buttons.add || buttons.update || buttons.remove || buttons.makeDefault);
  // Nothing saved: the spec's N/A stays in each row, plainly a placeholder, and the title says
  // why in words (issue 41), in the title's line so nothing moves when it arrives.
  const noneSaved =
    methods !== null && !(type === 'card' ? methods.card_details : methods.bank_details);
  const none = <span className="facts__none">N/A</span>;

  return (
    <section className="paymethod-card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="paymethod-card__title">
        {type === 'card' ? (
          <CardBrandMark brand={methods?.card_details?.type ?? ''} />
        ) : (
          <BankMark />
        )}
        {title}
        {isDefault && <span className="tag">Default</span>}
        {noneSaved && (
          <span className="tag tag--muted">
            {type === 'card' ? 'No card saved' : 'No account saved'}
          </span>
        )}
      </h2>
      <dl className="facts">
        {type === 'card' ? (
          <>
            <div>
              <dt>Card number</dt>
              <dd>
                {!methods ? (
                  <ValueSkeleton />
                ) : methods.card_details ? (
                  `${methods.card_details.type} ending in ${methods.card_details.last4}`
                ) : (
                  none
                )}
              </dd>
            </div>
            <div>
              <dt>Expiry</dt>
              <dd>
                {!methods ? (
                  <ValueSkeleton />
                ) : methods.card_details?.expires ? (
                  formatCardExpiry(methods.card_details.expires)
                ) : (
                  none
                )}
              </dd>
            </div>
          </>
        ) : (
          <>
            <div>
              <dt>Account holder</dt>
              <dd>{!methods ? <ValueSkeleton /> : methods.bank_details?.name || none}</dd>
            </div>
            <div>
              <dt>Account number</dt>
              <dd>
                {!methods ? <ValueSkeleton /> : (bankLast4(methods.bank_details?.account) ?? none)}
              </dd>
            </div>
          </>
        )}
      </dl>
      {/* The buttons' row keeps its room while loading: whoever may edit always gets one. */}
      {canEdit && !buttons && (
        <div className="paymethod-card__actions" aria-hidden="true">
          <span className="skeleton__line paymethod-card__button-skeleton" />
        </div>
      )}
      {hasButtons && (
        <div className="paymethod-card__actions">
          {buttons.add && (
            <button
              type="button"
              className="button button--primary button--small"
              disabled={serverAction.disabled}
              aria-describedby={describedBy}
              onClick={() => onEdit(false)}
            >
              Add {noun}
            </button>
          )}
          {buttons.update && (
            <button
              type="button"
              className="button button--small"
              disabled={locked}
              aria-describedby={describedBy}
              onClick={() => onEdit(true)}
            >
              Update {noun}
            </button>
          )}
          {buttons.makeDefault && (
            <button
              type="button"
              className="button button--primary button--small"
              disabled={locked}
              aria-describedby={describedBy}
              onClick={() => onRun(defaultAction)}
            >
              {busy === defaultAction ? 'Updating...' : 'Make Default'}
              {busy !== defaultAction && <span className="visually-hidden"> ({title})</span>}
            </button>
          )}
          {buttons.remove && (
            <button
              type="button"
              className="button button--small"
              disabled={locked}
              aria-describedby={describedBy}
              onClick={onRemove}
            >
              {busy === removeAction ? `Removing ${noun}...` : `Remove ${noun}`}
            </button>
          )}
        </div>
      )}
      {hasButtons && serverAction.reason && (
        <ServerActionReason id={reasonId} reason={serverAction.reason} />
      )}
    </section>
  );
}
