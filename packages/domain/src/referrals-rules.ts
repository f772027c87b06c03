/**
 * Referral rules both sides share, without zod (the web bundle imports them;
 * docs/decisions/020).
 */

/** What the referrer sees of a referral: the sign-up, the referred service live, the credit paid. */
export const REFERRAL_STATUSES = ['invited', 'connected', 'credited'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const referralStatusLabel: Record<ReferralStatus, string> = {
  invited: 'Invited',
  connected: 'Connected',
  credited: 'Credited',
};

/**
 * A referral code: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L), so it can
 * be read aloud or typed from a text message. 31^8 (about 8.5 x 10^11) codes.
 */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_PATTERN = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;

/**
 * The referred person's name as the referrer sees it: the given name and the surname's initial
 * ('Jane Cooper' -> 'Jane C.'). The referrer knows whom they referred; nobody else learns more.
 */
export function maskReferredName(givenNames: string, surname: string): string {
  const given = givenNames.trim().split(/\s+/)[0] ?? '';
  const initial = surname.trim().charAt(0).toUpperCase();
  return initial ? `${given} ${initial}.` : given;
}
