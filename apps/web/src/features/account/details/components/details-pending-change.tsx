import type { OwnContact } from '@outpost/contracts/account';

/**
 * What the page shows while a new email or mobile waits for its code (decision 035): which new
 * address, that the current one stays in use until then, and the way to enter the code.
 */
export function PendingChangeNote({
  contact,
  onEnterCode,
}: {
  contact: OwnContact;
  onEnterCode: () => void;
}) {
  const { email, mobile } = contact.pending;
  if (email === null && mobile === null) return null;
  return (
    <div className="account-details__pending" role="status">
      {email !== null && (
        <p>
          Your new email address <strong>{email}</strong> is waiting for the code we sent to it.
          Until you enter it, we keep using {contact.email.email ?? 'your current email address'}.
        </p>
      )}
      {mobile !== null && (
        <p>
          Your new mobile <strong>{mobile}</strong> is waiting for the code we sent to it. Until you
          enter it, we keep using {contact.mobile.phone ?? 'no mobile'}.
        </p>
      )}
      <button type="button" className="button button--link" onClick={onEnterCode}>
        Enter the code
      </button>
    </div>
  );
}
