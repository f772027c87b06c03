import { messages } from '@outpost/contracts/messages';
import type { BlockPurchase, BlockStatus } from '@outpost/contracts/services';
import { formatMegabytes, formatMoney, lastDayBefore, formatDate } from '@outpost/domain/format';
import { serviceOptionLabel } from '@outpost/domain/service-names';
import { blockState, canBuyBlock, quotaLabel } from '@outpost/domain/services';
import { useId } from 'react';
import { type DataTableColumn, DataTable } from '@/components/data-table';
import { ErrorBanner } from '@/components/error-banner';
import { LoadingState } from '@/components/loading-state';
import { useUrlState } from '@/lib/url-state';
import { getDefaultService, useSession } from '@/lib/session';
import { useBlocksPurchased } from '../api/get-blocks-purchased';
import { useActivityServices } from '@/lib/services-query';
import { ServiceDialog, useServiceDialog } from './service-dialog';
import { ServicePageContent } from '@/components/service-select';
import { ServicesTabs } from '@/components/services-tabs';
import { ServiceStatusNotice } from '@/components/service-status';
import {
  blockServices,
  heldPermissions,
  selectedBlockService,
  serviceLabel,
} from '../utils/service-display';
import { ServerActionButton } from '@/components/server-action-button';

/** Spec 2 section 9: data blocks page size 99. */
const PURCHASES_PAGE_SIZE = 99;

const statusBadge: Readonly<Record<BlockStatus, { text: string; className: string }>> = {
  applying: { text: 'Applying', className: 'tag tag--muted' },
  active: { text: 'Active', className: 'tag tag--success' },
  expired: { text: 'Expired', className: 'tag tag--muted' },
};

/** The server's state, or 'expired' once the period has ended (last-known data can be older). */
function shownStatus(p: BlockPurchase, now: Date): BlockStatus {
  return p.status === 'expired' ? 'expired' : blockState(p.status === 'active', p.expires, now);
}

function megabytes(mb: number) {
  return mb > 0 ? formatMegabytes(mb) : 'None';
}

/**
 * /services/data-blocks (spec 2 section 2): a plan selector (Broadband, not unlimited; kept in
 * ?service= so it survives a reload), Buy Data Block, and the purchases table (99 a page).
 */
export function DataBlocksPage() {
  const ids = useId();
  const services = useActivityServices();
  const { permissions } = useSession();
  const held = heldPermissions(permissions);
  const { dialog, open, close, prefetch } = useServiceDialog();
  const [searchParams, setUrlState] = useUrlState();

  const eligible = blockServices(services.data ?? []);
  const selected = selectedBlockService(eligible, searchParams.get('service'), getDefaultService());
  const purchases = useBlocksPurchased(selected?.serviceid ?? null);
  const canBuy = selected !== undefined && held.has('purchase-block') && canBuyBlock(selected);

  const handleServiceChange = (serviceid: string) => {
    setUrlState({ service: serviceid });
  };

  const peakLabel = selected ? quotaLabel(selected.technology) : 'Peak';
  const columns: DataTableColumn<BlockPurchase>[] = [
    // On a phone a row reads 'Data Block 10 GB / 20/11/26 ... Active'; the rest a tap away.
    {
      id: 'purchased',
      header: 'Date purchased',
      rowHeader: true,
      narrow: 'secondary',
      cell: (p) => formatDate(p.purchased),
    },
    { id: 'block', header: 'Data block', narrow: 'primary', cell: (p) => p.block },
    { id: 'peak', header: `${peakLabel} data`, cell: (p) => megabytes(p.peak_mb) },
    { id: 'offpeak', header: 'Off-Peak data', cell: (p) => megabytes(p.offpeak_mb) },
    { id: 'price', header: 'Price', cell: (p) => formatMoney(p.price) },
    {
      id: 'status',
      header: 'Status',
      narrow: 'trailing',
      cell: (p) => {
        const badge = statusBadge[shownStatus(p, new Date())];
        return <span className={badge.className}>{badge.text}</span>;
      },
    },
    // The last day the block can be used (it ends at midnight starting the next period).
    { id: 'expires', header: 'Expires', cell: (p) => lastDayBefore(p.expires) },
  ];

  return (
    <div className="page page--wide">
      <h1 className="page__title">Data Blocks</h1>
      <ServicesTabs />
      <p className="page__subtitle">
        A data block adds data to your plan until the end of the billing period.
      </p>
      <ServicePageContent
        query={services}
        loading={<LoadingState label="Loading your services…" />}
        empty={
          <p className="empty-state">
            You have no broadband services that can use data blocks. Data blocks are not available
            on unlimited plans.
          </p>
        }
        services={eligible}
        selected={selected}
        optionLabel={(s) =>
          serviceOptionLabel(s.status === 'active' ? s : { ...s, plan: `${s.plan} (${s.status})` })
        }
        onChange={handleServiceChange}
        actions={
          canBuy && (
            <ServerActionButton
              onClick={() => open('buy-block', selected)}
              onPointerEnter={() => prefetch('buy-block', selected)}
              onFocus={() => prefetch('buy-block', selected)}
            >
              Buy Data Block
            </ServerActionButton>
          )
        }
      >
        {(service) => (
          <>
            {service.status === 'pending' && (
              <p className="page__subtitle">
                This service is still being set up. Data blocks can be bought once it is connected.
              </p>
            )}
            <ServiceStatusNotice service={service} />
            <section className="page-section" aria-labelledby={`${ids}-purchases`}>
              <h2 id={`${ids}-purchases`}>Data blocks purchased</h2>
              {purchases.isError ? (
                <ErrorBanner error={messages.banner.loadData} />
              ) : (
                <DataTable
                  rows={purchases.data ?? []}
                  columns={columns}
                  rowKey={(p) => p.purchaseid}
                  caption={`Data blocks purchased for ${serviceLabel(service)}`}
                  captionHidden
                  pageSize={PURCHASES_PAGE_SIZE}
                  loading={purchases.isPending}
                  loadingLabel="Loading data blocks…"
                  empty={<p>No data blocks have been bought for this service.</p>}
                />
              )}
            </section>
          </>
        )}
      </ServicePageContent>
      <ServiceDialog dialog={dialog} onClose={close} />
    </div>
  );
}
