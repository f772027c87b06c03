import { messages } from '@outpost/contracts/messages';
import { SafeHtml } from '@/components/safe-html';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { BackIcon } from '@/components/icons';
import { LoadError } from '@/components/load-error';
import { isApiError } from '@/lib/api-error';
import { usePageTitle } from '@/lib/page-title';
import { useGuide } from '../api/get-guide';
import { isGuidesLinkState } from './guide-category-list';
import './guides.css';
import { LoadingState } from '@/components/loading-state';

/**
 * /support/guides/{slug} (spec 3 section 2.7): the guide's title and HTML body (sanitised), a
 * 'Back to Guides' link (to the list as it was left) and a Back button (the previous page, or the
 * guides when the guide was opened directly).
 */
export function GuidePage() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const guide = useGuide(slug);
  const back = `/support/guides${isGuidesLinkState(location.state) ? location.state.guidesSearch : ''}`;
  const missing = guide.isError && isApiError(guide.error) && guide.error.status === 404;
  usePageTitle(guide.data ? `${guide.data.title} - Guides` : null);

  return (
    <div className="page guide">
      <p className="guide__back">
        <Link to={back}>
          <BackIcon />
          Back to Guides
        </Link>
      </p>
      <h1 className="page__title">{guide.data?.title ?? 'Guide'}</h1>
      {guide.isPending && (
        <LoadingState
          placeholder={
            <div className="skeleton guide__skeleton" role="status" aria-label="Loading the guide">
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <span
                  key={i}
                  aria-hidden="true"
                  className={
                    i % 3 === 2 ? 'skeleton__line skeleton__line--short' : 'skeleton__line'
                  }
                />
              ))}
            </div>
          }
        />
      )}
      {missing && <p>We could not find that guide. It may have been taken down.</p>}
      {guide.isError && !missing && (
        <LoadError
          error={messages.banner.loadData}
          onRetry={() => void guide.refetch()}
          resetKey={guide.errorUpdatedAt}
        />
      )}
      {guide.data && (
        <SafeHtml as="article" className="content-body guide__body" html={guide.data.body} />
      )}
      <div className="button-row guide__actions">
        <button
          type="button"
          className="button"
          // The first page of the visit (opened from a bookmark or a mail) has the key 'default':
          // there is nothing of ours to go back to.
          onClick={() => void (location.key === 'default' ? navigate(back) : navigate(-1))}
        >
          Back
        </button>
      </div>
    </div>
  );
}
