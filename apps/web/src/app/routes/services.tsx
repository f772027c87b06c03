import { lazy, Suspense } from 'react';
import { LoadingState } from '@/components/loading-state';
import { ServicesPage } from '@/features/services/components/services-page';
import { contentPageSlugs } from '../content-pages';

// The terms' text (and its sanitiser) load only when the landline transfer reaches its terms step.
const ContentBody = lazy(async () => ({
  default: (await import('@/features/content/components/content-body')).ContentBody,
}));

/** The landline transfer terms page (spec 3 section 2.9), shown inside the transfer's terms step. */
const TRANSFER_TERMS_SLUG = contentPageSlugs['/basic/landline-trasnfer-terms'] ?? '';

/**
 * My Services, with the content the services feature may not load itself (a feature never
 * imports another): the landline transfer terms for the transfer wizard.
 */
export function Component() {
  return (
    <ServicesPage
      transferTerms={
        <Suspense fallback={<LoadingState data={false} />}>
          <ContentBody slug={TRANSFER_TERMS_SLUG} />
        </Suspense>
      }
    />
  );
}
