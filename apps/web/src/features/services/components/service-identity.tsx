import type { Service } from '@outpost/contracts/services';
import {
  serviceAddress,
  serviceDisplayName,
  serviceSecondaryName,
} from '@outpost/domain/service-names';
import { ServiceIcon } from '@/components/service-icon';

export type ServiceIdentityProps = {
  service: Service;
  /** Show the plan's name under the service. */
  showPlan?: boolean;
};

/**
 * Which service this is, as a row shows it (issue 41): its technology's icon, its friendly name
 * (nickname, else technology and address), then, muted, its AVC id or number (and technology and
 * address beside a nickname), and its plan.
 */
export function ServiceIdentity({ service, showPlan = false }: ServiceIdentityProps) {
  const secondary = serviceSecondaryName(service);
  const address = service.nickname?.trim() ? serviceAddress(service) : '';
  return (
    <span className="service-id">
      <ServiceIcon technology={service.technology} className="service-id__icon" />
      <span className="service-id__text">
        <span className="service-id__name">{serviceDisplayName(service)}</span>
        {secondary && <span className="service-id__identifier">{secondary}</span>}
        {address && <span className="service-id__address">{address}</span>}
        {showPlan && <span className="service-id__plan">{service.plan}</span>}
      </span>
    </span>
  );
}

/** A dash for an empty cell, read out as 'None'. */
export function NoValue() {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">None</span>
    </>
  );
}
