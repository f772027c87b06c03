/**
 * The provider's changes to a service's status and what they mean for the customer
 * (docs/decisions/052), shared by the server (which enforces them) and the web app (which shows
 * them). A file of its own, so the login page's bundle carries none of it.
 */
import type { ServiceLifeStatus } from './services';

/** What the provider does to a service, and the status it leaves it in. */
export type ServiceTransition = 'suspend' | 'resume' | 'cancel';
const TRANSITIONS: Record<ServiceTransition, { from: readonly string[]; to: ServiceLifeStatus }> = {
  suspend: { from: ['active'], to: 'suspended' },
  resume: { from: ['suspended'], to: 'active' },
  cancel: { from: ['pending', 'active', 'suspended'], to: 'cancelled' },
};

/** The status `transition` leaves a service of `status` in, or null when it may not be made. */
export function statusAfter(
  status: string,
  transition: ServiceTransition,
): ServiceLifeStatus | null {
  const t = TRANSITIONS[transition];
  return t.from.includes(status) ? t.to : null;
}

/**
 * Why a service takes no data blocks or plan changes because of its status: 'suspended' or
 * 'cancelled' (the server refuses with the message of that status), else null.
 */
export function stoppedStatus(s: { status: string }): 'suspended' | 'cancelled' | null {
  return s.status === 'suspended' || s.status === 'cancelled' ? s.status : null;
}

/** How a status reads on a badge: 'Pending', 'Active', 'Suspended', 'Cancelled'. */
export function serviceStatusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/**
 * Whether a cancellation date (YYYY-MM-DD, in the business zone) may be asked for `today`: today
 * or later.
 */
export function cancellationDateAllowed(on: string, today: string): boolean {
  return on >= today;
}
