import { zoneCityName } from '@outpost/domain/time/names';
import { useUrlState } from '@/lib/url-state';
import type { UsageType } from '@outpost/contracts/usage';
import { useId } from 'react';
import { LoadError } from '@/components/load-error';
import { LoadingState } from '@/components/loading-state';
import { useUsageSummary } from '../api/get-usage-summary';
import type { UsageAccess } from '../api/usage-access';
import { chartTypeLabel } from '../utils/chart-series';
import { loadFailure } from '../utils/load-failure';
import {
  chartTypes,
  resolveView,
  tabsFor,
  type UsageTab,
  type UsageTabInfo,
} from '../utils/selection';
import { formatDateTime } from '@outpost/domain/format';
import { ActivityTab } from './activity-tab';
import { PlannerTab } from './planner-tab';
import { ReportTabs } from './report-tabs';
import { SummaryTab } from './summary-tab';
import { loadChartModule } from './usage-chart';
import { technologyLabel } from '@outpost/domain/phone-format';

function ChartTypeSelector({
  value,
  peakLabel,
  onChange,
}: {
  value: UsageType;
  peakLabel: 'Peak' | 'Anytime';
  onChange: (type: UsageType) => void;
}) {
  const ids = useId();
  return (
    <fieldset className="chart-type">
      <legend className="chart-type__legend">Chart type</legend>
      {chartTypes.map((type) => (
        <label key={type} className="chart-type__option">
          <input
            type="radio"
            name={`${ids}-chart`}
            value={type}
            checked={value === type}
            onChange={() => onChange(type)}
          />
          {chartTypeLabel(type, peakLabel)}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The reports' place while the plan is not known yet: the plan selector's, the 'Usage last
 * updated' line's, the tabs' and the report's space, so nothing moves when they arrive.
 */
export function UsageReportsPlaceholder() {
  return (
    <>
      <div className="toolbar" aria-hidden="true">
        <div className="field field--inline">
          <span className="field__label-placeholder">Plan</span>
          <span className="select-placeholder" />
        </div>
      </div>
      <div className="usage-reports">
        <p className="usage-updated" aria-hidden="true" />
        <div className="report-tabs" aria-hidden="true">
          {tabsFor(false).map((tab) => (
            <span key={tab.id} className="report-tabs__tab report-tabs__tab--placeholder">
              {tab.label}
            </span>
          ))}
        </div>
        <div className="usage-panel usage-panel--loading">
          <LoadingState label="Loading your services…" />
        </div>
      </div>
    </>
  );
}

export type UsageReportsProps = {
  serviceid: number;
  access: UsageAccess;
  /** 'Peak' for Sky Muster Plus, else 'Anytime' (known before the summary arrives). */
  peakLabel: 'Peak' | 'Anytime';
  /** Known from the services list; otherwise (embedded) taken from the summary. */
  limitless?: boolean;
  /** Name the plan above the reports (the embedded page has no plan selector). */
  showPlan?: boolean;
};

/**
 * The usage reports of one service (spec 2 section 2), shared by /services/usage and the
 * embedded page: 'Usage last updated', the report tabs (no Summary or Usage Planner on limitless
 * plans), the chart type on chart tabs, and the open report. Tab and chart type live in the
 * address (?tab=&chart=), so a reload keeps them.
 */
export function UsageReports({
  serviceid,
  access,
  peakLabel,
  limitless: knownLimitless,
  showPlan = false,
}: UsageReportsProps) {
  const ids = useId();
  const [searchParams, setUrlState] = useUrlState();
  const summary = useUsageSummary(access, serviceid);
  const limitless = knownLimitless ?? summary.data?.is_limitless;

  if (limitless === undefined) {
    if (summary.isError) {
      return (
        <LoadError
          error={loadFailure(summary.error, access)}
          onRetry={() => void summary.refetch()}
        />
      );
    }
    return <LoadingState label="Loading usage…" />;
  }

  const view = resolveView(limitless, searchParams);
  const tabs = tabsFor(limitless);
  const tabId = (tab: UsageTab) => `${ids}-tab-${tab}`;
  const panelId = `${ids}-panel`;

  const show = (tab: UsageTab, chart: UsageType) => {
    setUrlState({ tab, chart });
  };
  const handleIntent = (tab: UsageTabInfo) => {
    // The chart code (uPlot) downloads while the pointer is on its way.
    if (tab.by) void loadChartModule().catch(() => {});
  };

  let panel;
  if (view.tab.by) {
    panel = (
      <>
        <ChartTypeSelector
          value={view.chart}
          peakLabel={peakLabel}
          onChange={(chart) => show(view.tab.id, chart)}
        />
        <ActivityTab
          key={`${view.tab.by}-${view.chart}`}
          serviceid={serviceid}
          access={access}
          by={view.tab.by}
          type={view.chart}
          peakLabel={peakLabel}
        />
      </>
    );
  } else if (summary.isPending) {
    panel = <LoadingState label="Loading usage…" />;
  } else if (summary.isError) {
    panel = (
      <LoadError
        error={loadFailure(summary.error, access)}
        onRetry={() => void summary.refetch()}
      />
    );
  } else if (view.tab.id === 'planner') {
    panel = <PlannerTab summary={summary.data} />;
  } else {
    panel = <SummaryTab summary={summary.data} />;
  }

  const lastUpdated = summary.data?.lastUpdated;
  return (
    <div className="usage-reports">
      {showPlan && summary.data && (
        <p className="usage-plan">
          <strong>{summary.data.plan}</strong> ({technologyLabel(summary.data.technology)})
        </p>
      )}
      {/* Its line is kept while the summary loads, so the tabs below stay where they are. */}
      <p className="usage-updated" aria-hidden={summary.data ? undefined : true}>
        {summary.data &&
          (lastUpdated
            ? `Usage last updated: ${formatDateTime(lastUpdated)} (${zoneCityName()} time)`
            : 'No usage recorded yet this period.')}
      </p>
      <ReportTabs
        tabs={tabs}
        selected={view.tab.id}
        tabId={tabId}
        panelId={panelId}
        onSelect={(tab) => show(tab, view.chart)}
        onIntent={handleIntent}
      />
      <div
        className={
          !view.tab.by && summary.isPending ? 'usage-panel usage-panel--loading' : 'usage-panel'
        }
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(view.tab.id)}
        tabIndex={0}
      >
        {panel}
      </div>
    </div>
  );
}
