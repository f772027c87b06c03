import { useLocation, useMatches } from 'react-router';
import { ContentPage } from '@/features/content/components/content-page';
import { contentPageSlugs } from '../content-pages';
import { isRouteHandle } from '../route-handle';

/**
 * The footer's help and legal pages (Help Centre, Terms of Use, Privacy Policy, Financial
 * Hardship; open to anyone, in the layout of the session) and the Phone Conditions of Service
 * (basic layout).
 */
export function Component() {
  const { pathname } = useLocation();
  const title =
    useMatches()
      .map((match) => match.handle)
      .reverse()
      .find(isRouteHandle)?.title ?? '';
  const slug = contentPageSlugs[pathname.replace(/\/$/, '')] ?? '';
  return <ContentPage key={slug} slug={slug} fallbackTitle={title} />;
}
