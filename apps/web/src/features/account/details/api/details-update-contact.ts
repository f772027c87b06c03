import { apiPaths } from '@outpost/contracts/api-paths';
import type {
  ContactChangeKind,
  OwnContact,
  UpdateOwnContactInput,
} from '@outpost/contracts/account';
import { useMutation } from '@tanstack/react-query';
import type { StepUp } from '@/components/step-up-dialog';
import { apiData } from '@/lib/api-client';
import { storeUserName } from '@/lib/session';

/** PATCH user contact with title, given_names, surname, email, mobile (spec 3 section 7). */
export function updateOwnContact(body: UpdateOwnContactInput): Promise<OwnContact> {
  return apiData<OwnContact>(apiPaths.ownContact, { method: 'PATCH', body });
}

/**
 * Saves the contact; the stored user name follows the answer at once. A new email or mobile is a
 * high-risk change (decision 035): `run` is the page's step-up, and the answer's `pending` says
 * which new address got a code. The page's data reloads when the modal closes (spec 3 section 4
 * "The page reloads on close").
 */
export function useUpdateOwnContact(run: StepUp['run']) {
  return useMutation({
    mutationFn: (body: UpdateOwnContactInput) => run(() => updateOwnContact(body)),
    onSuccess: (contact) => storeUserName(contact),
  });
}

/** The codes sent to the new email and mobile, each entered once it is waiting. */
export type ContactCodes = Partial<Record<ContactChangeKind, string>>;

/** POST user contact verify: the code sent to a NEW email or mobile; the change then applies. */
export function verifyOwnContact(kind: ContactChangeKind, code: string): Promise<OwnContact> {
  return apiData<OwnContact>(apiPaths.ownContactVerify, { method: 'POST', body: { kind, code } });
}

/**
 * Confirms each new address with its code, the email first. `onConfirmed` hears each one that
 * went through, so after a failure of the second only the second is asked for again.
 */
export function useVerifyOwnContact(onConfirmed: (contact: OwnContact) => void) {
  return useMutation({
    mutationFn: async (codes: ContactCodes) => {
      let contact: OwnContact | null = null;
      for (const kind of ['email', 'mobile'] as const) {
        const code = codes[kind];
        if (code === undefined) continue;
        contact = await verifyOwnContact(kind, code);
        onConfirmed(contact);
      }
      return contact;
    },
  });
}
