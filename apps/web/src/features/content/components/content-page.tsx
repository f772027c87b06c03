import type { ReactNode } from 'react';
import { usePage } from '../api/get-page';
import { ContentBody } from './content-body';

export type ContentPageProps = {
  slug: string;
  /** The heading while the page loads or when it cannot be loaded (the route's title). */
  fallbackTitle: string;
  /** Shown between the title and the text (the Legal Resources links). */
  nav?: ReactNode;
  className?: string;
};

/**
 * A legal or help page (spec 2 'Legal and help pages'): its title and sanitised body, with
 * loading and error states.
 */
export function ContentPage({ slug, fallbackTitle, nav, className }: ContentPageProps) {
  const page = usePage(slug);
  return (
    <div className={className ? `page content-page ${className}` : 'page content-page'}>
      <h1 className="page__title">{page.data?.title ?? fallbackTitle}</h1>
      {nav}
      <ContentBody slug={slug} />
    </div>
  );
}
