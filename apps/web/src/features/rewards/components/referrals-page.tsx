import { useQuery } from '@tanstack/react-query';
import type { Referral } from '@outpost/contracts/referrals';
import { referralStatusLabel, type ReferralStatus } from '@outpost/domain/referrals-rules';
import { messages } from '@outpost/contracts/messages';
import { formatMoney, formatDate } from '@outpost/domain/format';
import { Link } from 'react-router';
import { type DataTableColumn, DataTable } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { getBrand } from '@/lib/brand';
import { referralOfferQueryOptions } from '../api/get-referral-offer';
import { referralsQueryOptions } from '../api/get-referrals';
import { copyShareMessage, useCopyShare } from '../hooks/use-copy-share';
import { RewardsLayout } from './rewards-layout';

const badgeClass: Readonly<Record<ReferralStatus, string>> = {
  invited: 'status-badge',
  connected: 'status-badge rewards-badge--connected',
  credited: 'status-badge status-badge--paid',
};

// On a phone a row reads 'Sam Jones / 20/11/26 ... Connected'; the credit a tap away.
const columns: readonly DataTableColumn<Referral>[] = [
  { id: 'name', header: 'Name', cell: (r) => r.name, rowHeader: true },
  {
    id: 'status',
    header: 'Status',
    narrow: 'trailing',
    cell: (r) => <span className={badgeClass[r.status]}>{referralStatusLabel[r.status]}</span>,
  },
  {
    id: 'credit',
    header: 'Credit',
    cell: (r) => formatMoney(r.credit_cents),
    className: 'rewards-referrals__money',
  },
  { id: 'date', header: 'Date', narrow: 'secondary', cell: (r) => formatDate(r.date) },
];

/** /rewards/active-referrals (view-referrals; docs/decisions/020). */
export function ReferralsPage() {
  const referrals = useQuery(referralsQueryOptions());
  return (
    <RewardsLayout title="Active Referrals">
      <div className="rewards-referrals">
        <p className="rewards-referrals__intro">
          Everyone who signed up with your code. Invited: signed up, waiting for their service to be
          connected. Connected: their service is on; your credit follows once it qualifies.
          Credited: the credit is on your account.
        </p>
        {referrals.isError ? (
          <LoadError
            error={messages.banner.loadData}
            onRetry={() => void referrals.refetch()}
            resetKey={referrals.errorUpdatedAt}
          />
        ) : referrals.data ? (
          <DataTable
            rows={referrals.data}
            columns={columns}
            rowKey={(r) => r.referralid}
            caption="Active Referrals"
            empty={<NoReferrals />}
          />
        ) : (
          <ReferralsSkeleton />
        )}
      </div>
    </RewardsLayout>
  );
}

/** No referrals: say so, and offer the share action right here (the link, or Get Started). */
function NoReferrals() {
  const offer = useQuery(referralOfferQueryOptions());
  const { result, handleShare } = useCopyShare();
  return (
    <div className="rewards-referrals__empty">
      <p className="rewards-referrals__empty-title">No referrals yet</p>
      <p>Share your referral code with a friend: you both get a credit once they are connected.</p>
      {offer.data ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() =>
            void handleShare({
              title: `${getBrand().providerName} referral`,
              text: offer.data.share_text,
              url: offer.data.share_url,
            })
          }
        >
          Share your link
        </button>
      ) : (
        <Link className="button button--primary" to="/rewards/get-started">
          Share your code
        </Link>
      )}
      <p className="rewards-share__status" role="status">
        {copyShareMessage(result)}
      </p>
    </div>
  );
}

function ReferralsSkeleton() {
  return (
    <div className="rewards-referrals__skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading your referrals…
      </p>
      <div aria-hidden="true" className="skeleton">
        {[1, 2, 3, 4].map((n) => (
          <span key={n} className="skeleton__line" />
        ))}
      </div>
    </div>
  );
}
