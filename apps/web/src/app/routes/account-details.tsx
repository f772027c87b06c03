import { DetailsPage } from '@/features/account/components/details-page';

/** /account/details (spec 3 section 2.8). */
export { DetailsPage as Component };
