import type { BlogSummary } from '@outpost/contracts/dashboard';
import { formatDate } from '@outpost/domain/format';

/** A post's date (dd/mm/yy) and categories. */
export function PostMeta({ post }: { post: Pick<BlogSummary, 'date' | 'categories'> }) {
  return (
    <div className="post-meta">
      <time dateTime={post.date}>{formatDate(new Date(post.date))}</time>
      {post.categories.length > 0 && (
        <ul className="post-meta__categories" aria-label="Categories">
          {post.categories.map((category) => (
            <li key={category} className="tag tag--muted">
              {category}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What a post link carries, so 'Back to News' returns to the same filter and page. */
export type NewsLinkState = { newsSearch: string };

export function isNewsLinkState(value: unknown): value is NewsLinkState {
  return (
    typeof value === 'object' &&
    value !== null &&
    'newsSearch' in value &&
    typeof value.newsSearch === 'string' &&
    (value.newsSearch === '' || value.newsSearch.startsWith('?'))
  );
}
