import { useLoaderData, useLocation, useMatches, useParams } from 'react-router';
import { NotFound } from '@/components/not-found';
import { ContentPage } from '@/features/content/components/content-page';
import { LegalResourcesNav } from '@/features/content/components/legal-resources-nav';
import { contentPageSlugs, legalResources } from '../content-pages';
import { isNotFoundData, isRouteHandle } from '../route-handle';

/**
 * The pages under 'Legal Resources' (spec 2): /support/{product}-customer-terms,
 * /support/privacy-policy and /support/financial-hardship-policy, each linking to the others.
 * Any other /support/<slug> is not found.
 */
export function Component() {
  const data: unknown = useLoaderData();
  const { pathname } = useLocation();
  const { productSlug } = useParams();
  const title =
    useMatches()
      .map((match) => match.handle)
      .reverse()
      .find(isRouteHandle)?.title ?? '';
  if (isNotFoundData(data)) return <NotFound />;
  const slug = contentPageSlugs[pathname.replace(/\/$/, '')] ?? productSlug ?? '';
  return (
    <ContentPage
      key={slug}
      slug={slug}
      fallbackTitle={title}
      nav={<LegalResourcesNav items={legalResources()} />}
    />
  );
}
