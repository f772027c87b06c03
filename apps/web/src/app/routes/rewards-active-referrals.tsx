import { ReferralsPage } from '@/features/rewards/components/referrals-page';

/** /rewards/active-referrals (view-referrals; docs/decisions/020). */
export { ReferralsPage as Component };
