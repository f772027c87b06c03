import type { Service } from '@outpost/contracts/services';
import { serviceAddress } from '../utils/service-display';
import { formatPhone, technologyLabel } from '@outpost/domain/phone-format';

export type ServiceIdentityProps = {
  service: Service;
  /** Show the plan's name under the service. */
  showPlan?: boolean;
};

/** Which service this is: nickname (if any), technology and identifier, address, and plan. */
export function ServiceIdentity({ service, showPlan = false }: ServiceIdentityProps) {
  const address = serviceAddress(service);
  return (
    <span className="service-id">
      {service.nickname && <span className="service-id__nickname">{service.nickname}</span>}
      <span className="service-id__name">
        {technologyLabel(service.technology)}{' '}
        <span className="service-id__identifier">{formatPhone(service.identifier)}</span>
      </span>
      {address && <span className="service-id__address">{address}</span>}
      {showPlan && <span className="service-id__plan">{service.plan}</span>}
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
