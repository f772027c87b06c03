import { messages } from '@outpost/contracts/messages';
import DOMPurify from 'dompurify';
import { type ReactNode, useMemo } from 'react';
import { LoadError } from '@/components/load-error';
import { LoadingState } from '@/components/loading-state';
import { usePage } from '../api/get-page';

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
  const body = useMemo(() => (page.data ? DOMPurify.sanitize(page.data.body) : ''), [page.data]);
  return (
    <div className={className ? `page content-page ${className}` : 'page content-page'}>
      <h1 className="page__title">{page.data?.title ?? fallbackTitle}</h1>
      {nav}
      {page.isPending && <LoadingState />}
      {page.isError && (
        <LoadError
          error={messages.banner.loadData}
          onRetry={() => void page.refetch()}
          resetKey={page.errorUpdatedAt}
        />
      )}
      {page.data && <div className="content-body" dangerouslySetInnerHTML={{ __html: body }} />}
    </div>
  );
}
