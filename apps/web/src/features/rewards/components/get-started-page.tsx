import { useQuery } from '@tanstack/react-query';
import type { ReferralOffer, ReferralOfferData } from '@outpost/contracts/referrals';
import { messages } from '@outpost/contracts/messages';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { getBrand } from '@/lib/brand';
import { referralOfferQueryOptions } from '../api/get-referral-offer';
import { copyShareMessage, useCopyShare } from '../hooks/use-copy-share';
import { offerAmount } from '../utils/money';
import { RewardsLayout } from './rewards-layout';

/**
 * /rewards/get-started (docs/decisions/020): the offer, the code and link to share, how it works;
 * `aside` (the FAQ) beside them on wide screens, under them on phones (issue 41).
 */
export function GetStartedPage({ aside }: { aside?: ReactNode }) {
  const offer = useQuery(referralOfferQueryOptions());
  return (
    <RewardsLayout title="Rewards">
      <div className="rewards-columns">
        <div className="rewards-columns__main">
          {offer.isError ? (
            <LoadError
              error={messages.banner.loadData}
              onRetry={() => void offer.refetch()}
              resetKey={offer.errorUpdatedAt}
            />
          ) : offer.data ? (
            <GetStarted data={offer.data} />
          ) : (
            <GetStartedSkeleton />
          )}
        </div>
        {aside}
      </div>
    </RewardsLayout>
  );
}

function GetStarted({ data }: { data: ReferralOfferData }) {
  return (
    <div className="rewards-start">
      <OfferCard offer={data.offer} />
      <ShareCard data={data} />
      {data.offer && <HowItWorks offer={data.offer} />}
    </div>
  );
}

function OfferCard({ offer }: { offer: ReferralOffer | null }) {
  const headingId = useId();
  if (!offer)
    return (
      <section className="rewards-offer" aria-labelledby={headingId}>
        <h2 id={headingId} className="rewards-offer__headline">
          Referral rewards are paused
        </h2>
        <p className="rewards-offer__lead">
          There is no referral offer running at the moment. Your code stays the same: check back
          soon.
        </p>
      </section>
    );
  return (
    <section className="rewards-offer" aria-labelledby={headingId}>
      <p className="rewards-offer__eyebrow">Refer a friend</p>
      <h2 id={headingId} className="rewards-offer__headline">
        {offer.headline}
      </h2>
      <div className="rewards-offer__amounts">
        <p className="rewards-offer__amount">
          <span className="rewards-offer__figure">{offerAmount(offer.referrer_credit_cents)}</span>
          <span className="rewards-offer__label">credit for you</span>
        </p>
        {offer.friend_credit_cents > 0 && (
          <p className="rewards-offer__amount">
            <span className="rewards-offer__figure">{offerAmount(offer.friend_credit_cents)}</span>
            <span className="rewards-offer__label">off their first bill</span>
          </p>
        )}
      </div>
      <p className="rewards-offer__terms">{offer.terms}</p>
    </section>
  );
}

function ShareCard({ data }: { data: ReferralOfferData }) {
  const headingId = useId();
  const codeId = useId();
  const linkId = useId();
  const { result, handleCopyCode, handleShare } = useCopyShare();
  const done = (what: 'code' | 'link') => result?.what === what && result.outcome !== 'failed';
  return (
    <section className="rewards-card rewards-share" aria-labelledby={headingId}>
      <h2 id={headingId} className="rewards-card__title">
        Your referral code
      </h2>
      <div className="rewards-share__row">
        <p id={codeId} className="rewards-share__code">
          {data.code}
        </p>
        <button
          type="button"
          className="button button--primary"
          aria-describedby={codeId}
          onClick={() => void handleCopyCode(data.code)}
        >
          {done('code') ? 'Copied' : 'Copy code'}
        </button>
      </div>
      <p className="rewards-share__label" id={linkId}>
        Or share your link
      </p>
      <div className="rewards-share__row">
        <p className="rewards-share__link" aria-labelledby={linkId}>
          {data.share_url}
        </p>
        <button
          type="button"
          className="button"
          onClick={() =>
            void handleShare({
              title: `${getBrand().providerName} referral`,
              text: data.share_text,
              url: data.share_url,
            })
          }
        >
          {done('link') ? (result?.outcome === 'shared' ? 'Shared' : 'Link copied') : 'Share link'}
        </button>
      </div>
      <p className="rewards-share__status" role="status">
        {copyShareMessage(result)}
      </p>
    </section>
  );
}

function HowItWorks({ offer }: { offer: ReferralOffer }) {
  const headingId = useId();
  return (
    <section className="rewards-card rewards-steps" aria-labelledby={headingId}>
      <h2 id={headingId} className="rewards-card__title">
        How it works
      </h2>
      <ol className="rewards-steps__list">
        <li>
          <strong>Share your code.</strong> Send your code or link to a friend, neighbour or family
          member who needs internet or a phone service.
        </li>
        <li>
          <strong>They sign up.</strong> They give your code when they sign up, for an address where
          neither of you already has a service with us
          {offer.friend_credit_cents > 0
            ? `, and get ${offerAmount(offer.friend_credit_cents)} off their first bill`
            : ''}
          .
        </li>
        <li>
          <strong>You get {offerAmount(offer.referrer_credit_cents)}.</strong> Once their service
          has been connected for {offer.qualifying_days} days, the credit goes on your account and
          comes off your next bill. Follow it on{' '}
          <Link to="/rewards/active-referrals">Active Referrals</Link>.
        </li>
      </ol>
      <p className="rewards-steps__more">
        Questions? Read the <Link to="/rewards/faq">Rewards FAQ</Link>.
      </p>
    </section>
  );
}

/** The page's cards at their final sizes while the offer loads (nothing moves when it arrives). */
function GetStartedSkeleton() {
  return (
    <div className="rewards-start" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading your referral code…
      </p>
      <div className="rewards-offer rewards-offer--skeleton" aria-hidden="true">
        <span className="skeleton__line skeleton__line--short" />
        <span className="skeleton__line" />
        <span className="skeleton__line skeleton__line--short" />
      </div>
      <div className="rewards-card rewards-share rewards-share--skeleton" aria-hidden="true">
        <span className="skeleton__line skeleton__line--short" />
        <span className="skeleton__line" />
        <span className="skeleton__line" />
      </div>
      <div className="rewards-card rewards-steps rewards-steps--skeleton" aria-hidden="true">
        <span className="skeleton__line skeleton__line--short" />
        <span className="skeleton__line" />
        <span className="skeleton__line" />
        <span className="skeleton__line" />
      </div>
    </div>
  );
}
