import { downloadErrorMessage } from '@/lib/download';
import { messages } from '@outpost/contracts/messages';
import type { AvailablePlan, Service } from '@outpost/contracts/services';
import { ErrorBanner } from '@/components/error-banner';
import { LoadingState } from '@/components/loading-state';
import { FormAlert } from '@/components/form/form-alert';
import { useDownloadPlanDocument } from '../../api/download-plan-document';
import type { useAvailablePlans } from '../../api/get-available-plans';
import { extrasPriceNote } from '../../utils/change-plan';
import { ServiceIdentity } from '../service-identity';
import { PlanCard } from './plan-card';

export type SelectPlanStepProps = {
  service: Service;
  plans: ReturnType<typeof useAvailablePlans>;
  currentPrice: number;
  onSelect: (plan: AvailablePlan) => void;
  onCancelChange: () => void;
};

/** Step 1: the plans the service can take, with their documents. */
export function SelectPlanStep({
  service,
  plans,
  currentPrice,
  onSelect,
  onCancelChange,
}: SelectPlanStepProps) {
  const download = useDownloadPlanDocument();
  const note = extrasPriceNote(service.price, plans.data?.find((p) => p.is_current)?.price);
  return (
    <>
      {download.isError && (
        <ErrorBanner
          error={downloadErrorMessage(download.error)}
          onDismiss={() => download.reset()}
        />
      )}
      {plans.isPending ? (
        <LoadingState label="Loading plans…" />
      ) : plans.isError ? (
        <FormAlert>{messages.banner.loadData}</FormAlert>
      ) : (
        <>
          <p className="change-plan__service">
            <span className="visually-hidden">For </span>
            <ServiceIdentity service={service} />
          </p>
          {note && <p className="modal__note">{note}</p>}
          <ul className="plan-list" aria-label="Plans">
            {plans.data.map((p) => (
              <PlanCard
                key={p.planid}
                plan={p}
                currentPrice={currentPrice}
                nextPeriodStart={service.period_end}
                canCancel={p.is_next && service.upcoming !== null}
                downloading={download.isPending}
                onSelect={onSelect}
                onCancel={onCancelChange}
                onDownload={(path, filename) => download.mutate({ path, filename })}
              />
            ))}
          </ul>
        </>
      )}
    </>
  );
}
