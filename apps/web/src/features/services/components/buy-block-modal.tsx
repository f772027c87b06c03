import { noteTaskCompleted } from '@/lib/native/review-notes';
import { messages } from '@outpost/contracts/messages';
import type { ActivityService, AvailableBlock, BlockPurchase } from '@outpost/contracts/services';
import { formatMegabytes, formatMoney, lastDayBefore } from '@outpost/domain/format';
import { quotaLabel } from '@outpost/domain/services';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingState } from '@/components/loading-state';
import { ReviewList } from '@/components/review-list';
import { FormAlert } from '@/components/form/form-alert';
import { WizardModal, WizardSavingStep, WizardStep } from '@/components/wizard';
import { WizardBackConfirm } from '@/components/wizard-actions';
import { useWizardFlow } from '@/components/wizard-flow';
import { useAvailableBlocks } from '../api/get-available-blocks';
import { reloadAfterPurchase, usePurchaseBlock } from '../api/purchase-block';
import { serviceAllowance, serviceLabel } from '../utils/service-display';

export type BuyBlockModalProps = {
  /** What the Data Blocks page has of it (a contact may buy blocks without view-services). */
  service: ActivityService;
  onClose: () => void;
};

/** A block's data: '5 GB Peak', '5 GB Anytime + 5 GB Off-Peak'. */
export function blockData(
  block: Pick<AvailableBlock, 'peak_mb' | 'offpeak_mb'>,
  technology: string,
): string {
  const parts: string[] = [];
  if (block.peak_mb > 0) parts.push(`${formatMegabytes(block.peak_mb)} ${quotaLabel(technology)}`);
  if (block.offpeak_mb > 0) parts.push(`${formatMegabytes(block.offpeak_mb)} Off-Peak`);
  return parts.join(' + ') || 'No data';
}

type BuyStep = 'select' | 'confirm' | 'buying';
const NUMBERED_STEPS = ['select', 'confirm'] as const;

/**
 * Buy a Data Block (spec 2 sections 2 and 4): 1 select, 2 confirm (with the notes of section 9),
 * 3 processing and success. A failure returns to 2 with the error. Closing after a purchase
 * reloads the services and the service's purchases.
 */
export function BuyBlockModal({ service, onClose }: BuyBlockModalProps) {
  const queryClient = useQueryClient();
  const blocks = useAvailableBlocks(service.serviceid);
  const [block, setBlock] = useState<AvailableBlock | null>(null);
  const [purchased, setPurchased] = useState<BlockPurchase | null>(null);

  const handleClose = () => {
    if (purchased) void reloadAfterPurchase(queryClient, service.serviceid);
    onClose();
  };
  const flow = useWizardFlow<BuyStep>({ first: 'select', onClose: handleClose });
  const buy = flow.submitter(usePurchaseBlock(), {
    savingStep: 'buying',
    errorStep: 'confirm',
    event: 'Buy Data Block',
    track: (answer) => ({ block: answer.block }),
    onSuccess: (purchase) => {
      setPurchased(purchase);
      // Native: a completed task; the review prompt may follow (spec 1 section 4).
      noteTaskCompleted();
    },
  });

  const handleSelect = (chosen: AvailableBlock) => {
    setBlock(chosen);
    flow.goTo('confirm');
  };
  const lastDay = lastDayBefore(service.period_end);

  const footer =
    flow.step === 'select' ? (
      <button type="button" className="button" onClick={handleClose}>
        Close
      </button>
    ) : flow.step === 'confirm' && block ? (
      <WizardBackConfirm
        flow={flow}
        confirmLabel={
          <>
            Confirm<span className="visually-hidden"> and buy {block.block}</span>
          </>
        }
        onConfirm={() => buy({ serviceid: service.serviceid, dbid: block.dbid })}
      />
    ) : undefined;

  return (
    <WizardModal
      flow={flow}
      steps={NUMBERED_STEPS}
      title="Buy a Data Block"
      initialFocus="title"
      footer={footer}
    >
      <WizardStep flow={flow} id="select" heading="Select Data Block">
        {blocks.isPending ? (
          <LoadingState label="Loading data blocks…" />
        ) : blocks.isError ? (
          <FormAlert>{messages.banner.loadData}</FormAlert>
        ) : blocks.data.length === 0 ? (
          <p className="empty-state">There are no data blocks available for this service.</p>
        ) : (
          <ul className="block-list" aria-label="Data blocks">
            {blocks.data.map((b) => (
              <li key={b.dbid} className="block-card">
                <div className="block-card__text">
                  <h4 className="block-card__name">{b.block}</h4>
                  <p className="block-card__data">{blockData(b, service.technology)}</p>
                  <p className="block-card__price">{formatMoney(b.price)}</p>
                </div>
                <button type="button" className="button" onClick={() => handleSelect(b)}>
                  Select<span className="visually-hidden"> {b.block}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </WizardStep>
      {block && (
        <WizardStep flow={flow} id="confirm" heading="Confirm">
          <ReviewList
            items={[
              ['Service', serviceLabel(service)],
              ['Plan', service.plan],
              ['Plan allowance', serviceAllowance(service) || 'None'],
              ['Data block', `${block.block}: ${blockData(block, service.technology)}`],
              ['Price', formatMoney(block.price)],
            ]}
          />
          <h4 className="review-notes__title">Before you buy</h4>
          <ul className="review-notes">
            <li>
              The data block expires at the end of your billing period, at the end of the day on{' '}
              {lastDay}.
            </li>
            <li>Unused data does not roll over to the next billing period.</li>
            <li>Data blocks cannot be refunded or credited.</li>
            <li>The price is charged on your next tax invoice.</li>
            <li>The data can take up to two and a half hours to be added to your service.</li>
          </ul>
        </WizardStep>
      )}
      <WizardSavingStep
        flow={flow}
        id="buying"
        saving="Buying your data block"
        done="Data block bought"
        status={
          purchased && `You have bought ${purchased.block} for ${formatMoney(purchased.price)}.`
        }
      >
        {purchased && (
          <p>
            It can take up to two and a half hours to be added to your service, and it expires at
            the end of the day on {lastDayBefore(purchased.expires)}.
          </p>
        )}
      </WizardSavingStep>
    </WizardModal>
  );
}
