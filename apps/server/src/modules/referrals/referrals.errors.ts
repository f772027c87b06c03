import { errorMaker } from '../../lib/errors';

/** Referral rewards (docs/decisions/020): what the provider's sign-up system is told. */
export const referralsErrors = {
  referralCodeUnknown: 'Invalid request: The referral code is not known.',
  referralServiceUnknown:
    'Invalid request: The referred service is not a service of the referred account.',
  referralSelf: 'Invalid request: A customer cannot refer themselves or their own address.',
  referralAddressTaken: 'Invalid request: This address has already been referred.',
  referralServiceTaken: 'Invalid request: This service has already been referred.',
  referralNoOffer: 'Invalid request: No referral offer is running.',
} as const;
export type ReferralsErrorCode = keyof typeof referralsErrors;

/** The HTTP status of each code. */
export const referralsStatuses = {
  referralCodeUnknown: 404,
  referralServiceUnknown: 400,
  referralSelf: 400,
  referralAddressTaken: 409,
  referralServiceTaken: 409,
  referralNoOffer: 409,
} as const;

export const referralsError = errorMaker(referralsErrors, referralsStatuses);
