import type { ActivityService } from '@outpost/contracts/services';
import { serviceName } from '@outpost/domain/phone-format';

// Apart from selection.ts (the routes' usage prefetch loads it on every first page, the login
// page's included): only the usage page names services.

/** How a service is named in the plan selector (as on My Services). */
export function usageServiceLabel(
  service: Pick<ActivityService, 'nickname' | 'technology' | 'identifier' | 'plan'>,
): string {
  const base = serviceName(service.technology, service.identifier);
  return `${service.nickname ? `${service.nickname} (${base})` : base}: ${service.plan}`;
}
