import { messages } from '@outpost/contracts/messages';
import { LoadError } from '@/components/load-error';
import { LoadingState } from '@/components/loading-state';
import { SafeHtml } from '@/components/safe-html';
import { usePage } from '../api/get-page';

/**
 * A content page's sanitised text, with its loading and error states: the body of a legal or help
 * page, or the same text inside another screen (the landline transfer's terms step).
 */
export function ContentBody({ slug }: { slug: string }) {
  const page = usePage(slug);
  if (page.isPending) return <LoadingState />;
  if (page.isError)
    return (
      <LoadError
        error={messages.banner.loadData}
        onRetry={() => void page.refetch()}
        resetKey={page.errorUpdatedAt}
      />
    );
  return <SafeHtml className="content-body" html={page.data.body} />;
}
