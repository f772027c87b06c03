import { selectService } from '@/lib/selected-service';
import type { PermissionMap } from '@outpost/contracts/permissions';
import type { ActivityService, Service } from '@outpost/contracts/services';
import { allowanceLabel, speedLabel } from '@outpost/domain/services';
import { serviceName } from '@outpost/domain/phone-format';

/** How a service is named in buttons, captions and the plan selector. */
export function serviceLabel(
  service: Pick<Service, 'nickname' | 'technology' | 'identifier'>,
): string {
  const base = serviceName(service.technology, service.identifier);
  return service.nickname ? `${service.nickname} (${base})` : base;
}

/** 'Peak' for Sky Muster Plus, 'Anytime' otherwise; '' for telephony (no data allowance). */
export function serviceAllowance(
  service: Pick<ActivityService, 'technology' | 'peak_quota' | 'offpeak_quota' | 'is_limitless'>,
): string {
  return allowanceLabel({
    technology: service.technology,
    peak_quota: service.peak_quota,
    offpeak_quota: service.offpeak_quota,
    unlimited: service.is_limitless,
  });
}

export function serviceSpeed(service: Service): string {
  return speedLabel(service);
}

/** The held permission names, as serviceActions takes them. */
export function heldPermissions(permissions: PermissionMap): ReadonlySet<string> {
  return new Set(Object.keys(permissions));
}

/**
 * Services that can show data blocks: Broadband, not unlimited (spec 2 section 2), and not
 * cancelled (a cancelled one leaves the pickers for actions; docs/decisions/052).
 */
export function blockServices<S extends ActivityService>(services: readonly S[]): S[] {
  return services.filter(
    (s) => s.type === 'Broadband' && !s.is_limitless && s.status !== 'cancelled',
  );
}

/**
 * The service the Data Blocks page opens on: the one in the URL, else the stored default
 * service, else the first active Broadband service, else the first in the list.
 */
export function selectedBlockService<S extends ActivityService>(
  services: readonly S[],
  fromUrl: string | null,
  storedDefault: string | null,
): S | undefined {
  return selectService(
    services,
    fromUrl,
    storedDefault,
    (list) => list.find((s) => s.status === 'active') ?? list[0],
  );
}
