import { GetStartedPage } from '@/features/rewards/components/get-started-page';

/** /rewards/get-started (docs/decisions/020). */
export { GetStartedPage as Component };
