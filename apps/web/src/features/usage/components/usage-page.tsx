import { useUrlState } from '@/lib/url-state';
import { serviceOptionLabel } from '@outpost/domain/service-names';
import { quotaLabel } from '@outpost/domain/services';
import { ServicePageContent } from '@/components/service-select';
import { ServicesTabs } from '@/components/services-tabs';
import { useDataViewed } from '@/lib/native/review-notes';
import { useActivityServices } from '@/lib/services-query';
import { getDefaultService } from '@/lib/session';
import { sessionAccess } from '../api/usage-access';
import { defaultView, selectUsageService, usageServices } from '../utils/selection';
import { UsageHelpCard } from './usage-help-card';
import { UsageReports, UsageReportsPlaceholder } from './usage-reports';

/**
 * /services/usage (spec 2 section 2): the My Services tabs, the plan selector (active Broadband
 * services; ?service=, else default_service, else the first), the usage reports and the help
 * card. A new plan starts on its own first report and chart type.
 */
export function UsagePage() {
  const services = useActivityServices();
  const [searchParams, setUrlState] = useUrlState();
  const offered = usageServices(services.data ?? []);
  const selected = selectUsageService(offered, searchParams.get('service'), getDefaultService());
  // Native: the review prompt may follow (spec 1 section 4).
  useDataViewed(selected !== undefined && selected !== null);

  const handleServiceChange = (serviceid: string) => {
    const service = offered.find((s) => String(s.serviceid) === serviceid);
    if (!service) return;
    const view = defaultView(service.is_limitless);
    setUrlState({ service: serviceid, tab: view.tab, chart: view.chart });
  };

  return (
    <div className="page page--wide">
      <h1 className="page__title">Data Usage</h1>
      <ServicesTabs />
      <ServicePageContent
        query={services}
        loading={<UsageReportsPlaceholder />}
        empty={
          <p className="empty-state">
            You have no active broadband services, so there is no data usage to show.
          </p>
        }
        services={offered}
        selected={selected}
        optionLabel={serviceOptionLabel}
        onChange={handleServiceChange}
      >
        {(service) => (
          <UsageReports
            key={service.serviceid}
            serviceid={service.serviceid}
            access={sessionAccess}
            peakLabel={quotaLabel(service.technology)}
            limitless={service.is_limitless}
          />
        )}
      </ServicePageContent>
      <UsageHelpCard liveChat />
    </div>
  );
}
