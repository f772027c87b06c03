import { messages } from '@outpost/contracts/messages';
import type { AvailableBlock, BlockPurchase, Service } from '@outpost/contracts/services';
import { formatMegabytes, formatMoney } from '@outpost/domain/format';
import { quotaLabel } from '@outpost/domain/services';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LoadingState } from '@/components/loading-state';
import { Modal, savingStatus, useWizard } from '@/components/modal';
import { analytics } from '@/lib/analytics';
import { cleanErrorMessage } from '@/lib/error-message';
import { useAvailableBlocks } from '../api/get-available-blocks';
import { reloadAfterPurchase, usePurchaseBlock } from '../api/purchase-block';
import { lastDayBefore } from '../utils/dates';
import { serviceAllowance, serviceLabel } from '../utils/service-display';

export type BuyBlockModalProps = {
  service: Service;
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

const STEP = { select: 1, confirm: 2, buying: 3 } as const;

/**
 * Buy a Data Block (spec 2 sections 2 and 4): 1 select, 2 confirm (with the notes of section 9),
 * 3 processing and success. A failure returns to 2 with the error. Closing after a purchase
 * reloads the services and the service's purchases.
 */
export function BuyBlockModal({ service, onClose }: BuyBlockModalProps) {
  const queryClient = useQueryClient();
  const wizard = useWizard();
  const { step, status, setStep, setStatus } = wizard;
  const saving = status === savingStatus.processing;
  const blocks = useAvailableBlocks(service.serviceid);
  const purchase = usePurchaseBlock();
  const [block, setBlock] = useState<AvailableBlock | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [purchased, setPurchased] = useState<BlockPurchase | null>(null);
  // A second click arrives before React re-renders the disabled button: never buy twice.
  const submitting = useRef(false);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step, status]);

  const handleClose = () => {
    if (purchased) void reloadAfterPurchase(queryClient, service.serviceid);
    onClose();
  };

  const handleSelect = (chosen: AvailableBlock) => {
    setBlock(chosen);
    setFailure(null);
    setStep(STEP.confirm);
  };

  const handleConfirm = () => {
    if (!block || saving || submitting.current) return;
    submitting.current = true;
    setFailure(null);
    setStatus(savingStatus.processing);
    setStep(STEP.buying);
    purchase.mutate(
      { serviceid: service.serviceid, dbid: block.dbid },
      {
        onSuccess: (answer) => {
          setPurchased(answer);
          setStatus(savingStatus.success);
          analytics.track('Buy Data Block', { block: block.block });
        },
        onError: (error) => {
          setFailure(error);
          setStatus(savingStatus.idle);
          setStep(STEP.confirm);
        },
        onSettled: () => {
          submitting.current = false;
        },
      },
    );
  };

  const heading = (text: string) => (
    <h3 ref={headingRef} className="modal__subtitle" tabIndex={-1}>
      {text}
    </h3>
  );
  const lastDay = lastDayBefore(service.period_end);

  let body;
  let footer;
  if (step === STEP.select) {
    body = (
      <>
        {heading('Select Data Block')}
        {blocks.isPending ? (
          <LoadingState label="Loading data blocks…" />
        ) : blocks.isError ? (
          <div className="form-alert" role="alert">
            {messages.banner.loadData}
          </div>
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
      </>
    );
    footer = (
      <button type="button" className="button" onClick={handleClose}>
        Close
      </button>
    );
  } else if (step === STEP.confirm && block) {
    body = (
      <>
        {heading('Confirm')}
        {failure !== null && (
          <div className="form-alert" role="alert">
            {cleanErrorMessage(failure)}
          </div>
        )}
        <dl className="review-list">
          <div>
            <dt>Service</dt>
            <dd>{serviceLabel(service)}</dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>{service.plan}</dd>
          </div>
          <div>
            <dt>Plan allowance</dt>
            <dd>{serviceAllowance(service) || 'None'}</dd>
          </div>
          <div>
            <dt>Data block</dt>
            <dd>
              {block.block}: {blockData(block, service.technology)}
            </dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{formatMoney(block.price)}</dd>
          </div>
        </dl>
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
      </>
    );
    footer = (
      <>
        <button
          type="button"
          className="button"
          disabled={saving}
          onClick={() => setStep(STEP.select)}
        >
          Back
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={saving}
          onClick={handleConfirm}
        >
          Confirm<span className="visually-hidden"> and buy {block.block}</span>
        </button>
      </>
    );
  } else if (status === savingStatus.success && purchased) {
    body = (
      <>
        {heading('Data block bought')}
        <p className="form-status" role="status">
          You have bought {purchased.block} for {formatMoney(purchased.price)}.
        </p>
        <p>
          It can take up to two and a half hours to be added to your service, and it expires at the
          end of the day on {lastDayBefore(purchased.expires)}.
        </p>
      </>
    );
    footer = (
      <button type="button" className="button button--primary" onClick={handleClose}>
        Close
      </button>
    );
  } else {
    body = (
      <>
        {heading('Buying your data block')}
        <LoadingState label="Buying your data block…" />
      </>
    );
  }

  const numbered = step !== STEP.buying;
  return (
    <Modal
      open
      title="Buy a Data Block"
      onClose={handleClose}
      onReset={wizard.reset}
      status={status}
      step={numbered ? step : undefined}
      stepCount={numbered ? STEP.confirm : undefined}
      initialFocus="title"
      footer={footer}
    >
      {body}
    </Modal>
  );
}
