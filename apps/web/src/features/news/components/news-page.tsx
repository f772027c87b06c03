import { useDataSaver } from '@/lib/data-saver';
import { messages } from '@outpost/contracts/messages';
import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { LoadingState } from '@/components/loading-state';
import { Pagination, pageSlice } from '@/components/pagination';
import { useBlogs } from '../api/get-blogs';
import { categoryParam, filterPosts, NEWS_PAGE_SIZE, newsSearch, pageParam } from '../utils/paging';
import { type NewsLinkState, PostMeta } from './post-meta';

/**
 * /news (spec 2 section 2): the posts, newest first, 8 a page (4 a row on wide screens, fewer
 * on small ones), a category filter; both the category (?c=) and the page (?page=) live in the
 * address, so a reload or 'Back to News' returns to the same place.
 */
export function NewsPage() {
  const ids = useId();
  const blogs = useBlogs();
  // Data saver: the list shows no pictures (decision 032).
  const dataSaver = useDataSaver();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const category = categoryParam(searchParams);
  const requestedPage = pageParam(searchParams);

  const matching = filterPosts(blogs.data?.items ?? [], category);
  const { rows: posts, page, pageCount } = pageSlice(matching, requestedPage, NEWS_PAGE_SIZE);
  // A page past the end (an old link, fewer posts now) says so rather than showing another.
  const pastTheEnd = blogs.isSuccess && requestedPage > pageCount;
  const search = newsSearch(category, page);
  const first = matching.length === 0 ? 0 : (page - 1) * NEWS_PAGE_SIZE + 1;
  const last = first === 0 ? 0 : first + posts.length - 1;

  const handlePageChange = (next: number) => {
    void navigate(`/news${newsSearch(category, next)}`);
    document.getElementById(`${ids}-results`)?.focus({ preventScroll: true });
  };

  const linkState: NewsLinkState = { newsSearch: search };

  return (
    <div className="page page--wide news">
      <h1 className="page__title">News</h1>
      {blogs.isSuccess && blogs.data.categories.length > 0 && (
        <nav className="filter-chips" aria-label="News categories">
          <ul className="filter-chips__list">
            {[null, ...blogs.data.categories.map((c) => c.label)].map((label) => (
              <li key={label ?? ''}>
                <Link
                  to={`/news${newsSearch(label)}`}
                  className="filter-chips__chip"
                  aria-current={label === category ? 'page' : undefined}
                >
                  {label ?? 'All'}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {blogs.isPending && <LoadingState label="Loading news…" />}
      {blogs.isError && (
        <LoadError
          error={messages.banner.loadData}
          onRetry={() => void blogs.refetch()}
          resetKey={blogs.errorUpdatedAt}
        />
      )}

      {pastTheEnd && (
        <EmptyState
          kind="not-found"
          title={`There is no page ${requestedPage}.`}
          action={
            <Link to={`/news${newsSearch(category, pageCount)}`} className="button button--primary">
              Go to the last page, page {pageCount}
            </Link>
          }
        />
      )}

      {blogs.isSuccess && !pastTheEnd && (
        <section aria-labelledby={`${ids}-results`}>
          <h2 id={`${ids}-results`} className="news__count" tabIndex={-1}>
            {matching.length === 0
              ? 'No posts'
              : `Showing ${first}–${last} of ${matching.length} ${matching.length === 1 ? 'post' : 'posts'}`}
            {category !== null && ` in ${category}`}
          </h2>
          {matching.length === 0 ? (
            <EmptyState
              title={
                category === null
                  ? 'There is no news yet.'
                  : `There are no news posts in ${category}.`
              }
              action={
                category !== null && (
                  <Link to="/news" className="button button--primary">
                    Show all news
                  </Link>
                )
              }
            />
          ) : (
            <ul className="news-grid">
              {posts.map((post) => (
                <li key={post.slug} className="news-card">
                  {post.featured_image && !dataSaver && (
                    <img
                      className="news-card__image"
                      src={post.featured_image}
                      alt=""
                      loading="lazy"
                      decoding="async"
                    />
                  )}
                  <PostMeta post={post} />
                  <h3 className="news-card__title">
                    <Link to={`/news/${post.slug}`} state={linkState}>
                      {post.title}
                    </Link>
                  </h3>
                  <p className="news-card__excerpt">{post.excerpt}</p>
                </li>
              ))}
            </ul>
          )}
          <Pagination
            page={page}
            pageCount={pageCount}
            onPageChange={handlePageChange}
            label="Pages of News"
          />
        </section>
      )}
    </div>
  );
}
