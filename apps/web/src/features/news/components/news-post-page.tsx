import { messages } from '@outpost/contracts/messages';
import { SafeHtml } from '@/components/safe-html';
import { Link, useLocation, useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { BackIcon } from '@/components/icons';
import { LoadingState } from '@/components/loading-state';
import { isApiError } from '@/lib/api-error';
import { usePageTitle } from '@/lib/page-title';
import { useBlog } from '../api/get-blog';
import { isNewsLinkState, PostMeta } from './post-meta';

/** /news/{slug} (spec 2 section 2): the post (title, date, categories, body) and 'Back to News'. */
export function NewsPostPage() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const post = useBlog(slug);
  const back = `/news${isNewsLinkState(location.state) ? location.state.newsSearch : ''}`;
  const missing = post.isError && isApiError(post.error) && post.error.status === 404;
  usePageTitle(post.data ? `${post.data.title} - News` : null);

  return (
    <div className="page news-post">
      <p className="news-post__back">
        <Link to={back}>
          <BackIcon />
          Back to News
        </Link>
      </p>
      {post.data ? (
        <article className="news-post__article">
          <h1 className="page__title">{post.data.title}</h1>
          <PostMeta post={post.data} />
          {post.data.featured_image && (
            <img className="news-post__image" src={post.data.featured_image} alt="" />
          )}
          <SafeHtml className="content-body" html={post.data.body} />
        </article>
      ) : (
        <>
          <h1 className="page__title">News</h1>
          {post.isPending && <LoadingState label="Loading the post…" />}
          {missing && <p>We could not find that news post. It may have been taken down.</p>}
          {post.isError && !missing && (
            <LoadError
              error={messages.banner.loadData}
              onRetry={() => void post.refetch()}
              resetKey={post.errorUpdatedAt}
            />
          )}
        </>
      )}
    </div>
  );
}
