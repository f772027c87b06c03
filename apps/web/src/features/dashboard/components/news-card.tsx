import { messages } from '@outpost/contracts/messages';
import { DASHBOARD_NEWS_POSTS } from '@outpost/domain/constants';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useLatestBlogs } from '../api/get-latest-blogs';
import { DashboardCard } from './dashboard-card';

/** News & Updates (web only, spec 1 section 2): the 2 newest posts and a link to all. */
export function NewsCard() {
  const latest = useLatestBlogs();
  const posts = latest.data?.slice(0, DASHBOARD_NEWS_POSTS) ?? [];
  return (
    <DashboardCard title="News & Updates" loading={latest.isPending} className="dashboard-news">
      {latest.isError && <p>{messages.banner.loadData}</p>}
      {latest.isSuccess && posts.length === 0 && <p>There is no news yet.</p>}
      {posts.length > 0 && (
        <ul className="news-teasers">
          {posts.map((post) => (
            <li key={post.slug}>
              <h3 className="news-teasers__title">
                <Link to={`/news/${post.slug}`}>{post.title}</Link>
              </h3>
              <p>{post.excerpt}</p>
            </li>
          ))}
        </ul>
      )}
      <div className="dashboard-card__actions">
        <Link to="/news" className="button button--quiet dashboard-card__more">
          View All
          <ChevronRight aria-hidden="true" focusable="false" size={18} />
        </Link>
      </div>
    </DashboardCard>
  );
}
