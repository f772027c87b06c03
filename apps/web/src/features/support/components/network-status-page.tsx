import { zoneAbbreviation, zoneLongName } from '@outpost/domain/time/names';
import { useEffect, useRef, useState } from 'react';
import type { AdvisoryDetail } from '@outpost/contracts/advisories';
import {
  ADVISORIES_PER_PAGE,
  advisoryAnchor,
  advisoryStartLabel,
  formatAest,
  formatAestDay,
} from '@outpost/domain/advisories-rules';
import { messages } from '@outpost/contracts/messages';
import { useLocation } from 'react-router';
import { ErrorBanner } from '@/components/error-banner';
import { LoadError } from '@/components/load-error';
import { useAdvisorySubscription } from '../api/advisory-subscription';
import { useLinkedAdvisory } from '../api/get-advisory';
import { useNetworkStatus } from '../api/use-network-status';
import { SupportLayout } from './support-layout';
import { SkeletonLines } from './skeleton-lines';
import { LoadingState } from '@/components/loading-state';

const text = messages.networkStatus;

/**
 * /support/network-status (spec 3 section 2.7; docs/decisions/019): the timeline of advisories,
 * two at a time with 'Load More', times in AEST, the flag for one that affects the caller's
 * service, and a Subscribe toggle for its updates.
 */
export function NetworkStatusPage() {
  const status = useNetworkStatus();
  const items = status.data?.pages.flatMap((p) => p.items) ?? [];
  const list = useRef<HTMLOListElement>(null);
  const { hash } = useLocation();
  const linkedId = /^#advisory-(\d{1,10})$/.exec(hash)?.[1];
  // A linked advisory older than the pages loaded is fetched by id and shown first.
  const linkedMissing =
    status.isSuccess &&
    linkedId !== undefined &&
    !items.some((i) => i.advisoryid === Number(linkedId));
  const linked = useLinkedAdvisory(linkedMissing ? Number(linkedId) : null);
  const shownLinked = linkedMissing ? linked.data : undefined;
  useScrollToHash(hash, items.length > 0, shownLinked !== undefined);

  // Keyboard and screen reader users continue at the first advisory just loaded: the index it
  // will have, focused once it is shown (whichever fetch brings it, so a refetch that overlaps
  // the click does not lose the move).
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const nextToFocus = focusIndex === null ? undefined : items[focusIndex];
  useEffect(() => {
    if (!nextToFocus) return;
    setFocusIndex(null);
    // Not cancelled on the re-render that clearing the index causes.
    requestAnimationFrame(() =>
      document.getElementById(advisoryAnchor(nextToFocus.advisoryid))?.focus(),
    );
  }, [nextToFocus]);

  const handleLoadMore = () => {
    setFocusIndex(items.length);
    void status.fetchNextPage();
  };

  return (
    <SupportLayout title={text.title}>
      <p className="network-status__intro">
        All times are {zoneLongName(new Date())} ({zoneAbbreviation(new Date())}).
      </p>
      {status.isPending ? (
        <LoadingState placeholder={<NetworkStatusSkeleton />} />
      ) : status.isError && items.length === 0 ? (
        <LoadError
          error={text.loadFailed}
          onRetry={() => void status.refetch()}
          resetKey={status.errorUpdatedAt}
        />
      ) : items.length === 0 ? (
        <p className="network-status__empty">{text.empty}</p>
      ) : (
        <>
          {shownLinked && (
            <section aria-label="The advisory you followed" className="network-status__linked">
              <ul className="advisory-timeline">
                <AdvisoryItem advisory={shownLinked} />
              </ul>
            </section>
          )}
          <ol ref={list} className="advisory-timeline" aria-label="Advisories, newest first">
            {items.map((item) => (
              <AdvisoryItem key={item.advisoryid} advisory={item.detail} />
            ))}
          </ol>
          {status.isFetchNextPageError && (
            <LoadError
              error={text.loadFailed}
              onRetry={handleLoadMore}
              resetKey={status.errorUpdatedAt}
            />
          )}
          {status.hasNextPage && !status.isFetchNextPageError && (
            <div className="network-status__more">
              <button
                type="button"
                className="button"
                onClick={handleLoadMore}
                disabled={status.isFetchingNextPage}
                aria-busy={status.isFetchingNextPage}
              >
                {text.loadMore}
              </button>
            </div>
          )}
        </>
      )}
    </SupportLayout>
  );
}

/** The dashboard notice links to '#advisory-N': bring that advisory into view once it is shown. */
function useScrollToHash(hash: string, loaded: boolean, linkedShown: boolean) {
  useEffect(() => {
    if (!loaded || !hash) return;
    // After the layout's own move of focus to the new page's main content (a parent's effect,
    // which runs after this one), so the advisory keeps it.
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      // (jsdom, in unit tests, has no scrollIntoView)
      if (target && 'scrollIntoView' in target) target.scrollIntoView({ block: 'start' });
      target?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [loaded, hash, linkedShown]);
}

function statusClass(status: AdvisoryDetail['status']) {
  return `status-badge advisory-status advisory-status--${status.toLowerCase().replace(/\s+/g, '-')}`;
}

function AdvisoryItem({ advisory }: { advisory: AdvisoryDetail }) {
  const anchor = advisoryAnchor(advisory.advisoryid);
  return (
    <li className="advisory" id={anchor} tabIndex={-1} aria-labelledby={`${anchor}-title`}>
      <p className="advisory__date">
        <time dateTime={advisory.started}>{formatAestDay(advisory.started)}</time>
      </p>
      <article className="advisory__card">
        <div className="advisory__head">
          <h2 className="advisory__title" id={`${anchor}-title`}>
            {advisory.title}
          </h2>
          <span className={statusClass(advisory.status)}>{advisory.status}</span>
        </div>
        {advisory.affects && <p className="advisory__affects">{advisory.affects}</p>}
        <dl className="advisory__facts">
          <div>
            <dt>Severity</dt>
            <dd>{advisory.severity}</dd>
          </div>
          <div>
            <dt>{advisoryStartLabel(advisory.started, new Date())}</dt>
            <dd>
              <time dateTime={advisory.started}>{formatAest(advisory.started)}</time>
            </dd>
          </div>
          {advisory.ended && (
            <div>
              <dt>Expected end time</dt>
              <dd>
                <time dateTime={advisory.ended}>{formatAest(advisory.ended)}</time>
              </dd>
            </div>
          )}
        </dl>
        <p className="advisory__message">{advisory.message}</p>
        <SubscribeToggle advisory={advisory} />
      </article>
    </li>
  );
}

/** Subscribe / Unsubscribe for the advisory's updates, with a confirmation read out. */
function SubscribeToggle({ advisory }: { advisory: AdvisoryDetail }) {
  const subscription = useAdvisorySubscription();
  // A resolved advisory gets no more updates worth following; one still followed can be left.
  if (advisory.status === 'Resolved' && !advisory.subscribed) return null;
  const titleId = `${advisoryAnchor(advisory.advisoryid)}-title`;
  const handleToggle = () =>
    subscription.mutate({ advisoryid: advisory.advisoryid, subscribed: !advisory.subscribed });
  return (
    <div className="advisory__subscribe">
      <button
        type="button"
        className={advisory.subscribed ? 'button' : 'button button--primary'}
        onClick={handleToggle}
        disabled={subscription.isPending}
        aria-describedby={titleId}
      >
        {advisory.subscribed ? 'Unsubscribe' : 'Subscribe to updates'}
      </button>
      <p className="advisory__confirmation" role="status">
        {subscription.isSuccess
          ? subscription.data.subscribed
            ? text.subscribed
            : text.unsubscribed
          : ''}
      </p>
      {subscription.isError && <ErrorBanner error={text.subscribeFailed} />}
    </div>
  );
}

/** Two placeholder advisories of about the final size, so nothing jumps when they arrive. */
function NetworkStatusSkeleton() {
  return (
    <div className="advisory-timeline advisory-timeline--loading" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading network advisories…
      </p>
      {Array.from({ length: ADVISORIES_PER_PAGE }, (_, i) => (
        <div key={i} className="advisory" aria-hidden="true">
          <span className="advisory__date skeleton__line skeleton__line--short" />
          <div className="advisory__card skeleton">
            <SkeletonLines lines={['full', 'short', 'full', 'full', 'short']} />
          </div>
        </div>
      ))}
    </div>
  );
}
