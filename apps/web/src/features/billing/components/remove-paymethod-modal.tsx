import type { Paymethods } from '@outpost/contracts/billing';
import {
  PAYMETHOD_BANK,
  PAYMETHOD_CARD,
  type PaymentMethodType,
} from '@outpost/domain/billing-rules';
import { messages } from '@outpost/contracts/messages';
import { Modal } from '@/components/modal';
import { WizardConfirmActions } from '@/components/wizard-actions';

/** A saved method as the customer knows it: 'Visa ending in 4242', 'bank account ending in 6789'. */
export function paymethodName(methods: Paymethods, type: PaymentMethodType): string | null {
  if (type === 'card') {
    const card = methods.card_details;
    return card ? `${card.type} ending in ${card.last4}` : null;
  }
  const digits = methods.bank_details?.account.replace(/\D/g, '') ?? '';
  return digits ? `bank account ending in ${digits.slice(-4)}` : null;
}

/** Where automatic payments come from: the default method's name (null when none is set). */
export function defaultPaymethodName(methods: Paymethods): string | null {
  if (methods.current.method === PAYMETHOD_CARD) return paymethodName(methods, 'card');
  if (methods.current.method === PAYMETHOD_BANK) return paymethodName(methods, 'bank');
  return null;
}

export type RemovePaymethodModalProps = {
  type: PaymentMethodType;
  methods: Paymethods;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * Remove Card / Remove Account asks first (as Remove Contact does, spec 3 section 4): what is
 * removed and, when it is the default, that automatic payments move to the other method (the
 * server moves them).
 */
export function RemovePaymethodModal({
  type,
  methods,
  onCancel,
  onConfirm,
}: RemovePaymethodModalProps) {
  const other: PaymentMethodType = type === 'card' ? 'bank' : 'card';
  const isDefault = methods.current.method === (type === 'card' ? PAYMETHOD_CARD : PAYMETHOD_BANK);
  const moveTo = isDefault ? paymethodName(methods, other) : null;
  const what = paymethodName(methods, type) ?? (type === 'card' ? 'card' : 'bank account');
  return (
    <Modal
      open
      title={type === 'card' ? 'Remove Card' : 'Remove Account'}
      onClose={onCancel}
      initialFocus="title"
      footer={
        <WizardConfirmActions
          cancelLabel="Cancel"
          onCancel={onCancel}
          confirmLabel={type === 'card' ? 'Remove Card' : 'Remove Account'}
          onConfirm={onConfirm}
          saving={false}
        />
      }
    >
      <p>{messages.billing.removeWhat(what)}</p>
      {moveTo && <p>{messages.billing.removeMovesDebit(moveTo)}</p>}
      <p>{messages.account.removeConfirm}</p>
    </Modal>
  );
}
