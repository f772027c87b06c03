import { DetailsPage } from '@/features/account/details/components/details-page';

/** /account/details (spec 3 section 2.8). */
export { DetailsPage as Component };
