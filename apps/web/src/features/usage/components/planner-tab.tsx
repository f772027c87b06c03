import type { UsageSummary } from '@outpost/contracts/usage';
import { formatMegabytes, formatDate, lastDayBefore } from '@outpost/domain/format';
import { useId } from 'react';
import {
  type Allowance,
  allowancesOf,
  hasUnmeteredOffPeak,
  planAllowance,
} from '../utils/allowances';

import { UsageBar } from './usage-bar';

/** The pace sentence: when the allowance runs out at the pace so far, or that it lasts. */
export function runOutText(title: string, runOut: Date | null, now: Date): string {
  if (runOut === null) return 'Lasts to the end of the period';
  if (runOut.getTime() <= now.getTime()) return `Your ${title} is used up`;
  return `Runs out on ${formatDate(runOut)}`;
}

function PlannerCard({
  allowance,
  summary,
  now,
}: {
  allowance: Allowance;
  summary: UsageSummary;
  now: Date;
}) {
  const ids = useId();
  const plan = planAllowance(allowance, summary, now);
  const lastDay = lastDayBefore(summary.periodStop);
  const days = Math.ceil(plan.daysRemaining);
  const usedUp = plan.projectedRunOut !== null && plan.projectedRunOut.getTime() <= now.getTime();
  const title = allowance.title;

  let advice: string;
  if (usedUp) {
    advice = `Your ${title} for this period is used up: speeds are slowed until the period ends on ${lastDay}, or until you buy a data block.`;
  } else if (plan.projectedRunOut) {
    advice = `At your pace so far (${formatMegabytes(plan.averageDaily)} a day), your ${title} will run out on ${formatDate(plan.projectedRunOut)}, before the period ends on ${lastDay}. To make it last, use up to ${formatMegabytes(plan.dailyBudget)} a day.`;
  } else {
    advice = `At your pace so far (${formatMegabytes(plan.averageDaily)} a day), your ${title} lasts to the end of the period on ${lastDay}. You can use up to ${formatMegabytes(plan.dailyBudget)} a day and still not run out.`;
  }

  return (
    <section className="usage-card" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{title}</h3>
      <UsageBar
        label={`${title} used`}
        percentUsed={plan.percentUsed}
        percentElapsed={plan.percentElapsed}
      />
      <dl className="usage-facts">
        <div>
          <dt>Days remaining</dt>
          <dd>
            {days} {days === 1 ? 'day' : 'days'}, to {lastDay}
          </dd>
        </div>
        <div>
          <dt>Average daily use so far</dt>
          <dd>{formatMegabytes(plan.averageDaily)} a day</dd>
        </div>
        <div>
          <dt>At this pace</dt>
          <dd>{runOutText(title, plan.projectedRunOut, now)}</dd>
        </div>
        <div>
          <dt>Daily budget to the period end</dt>
          <dd>{formatMegabytes(plan.dailyBudget)} a day</dd>
        </div>
      </dl>
      <p className="usage-advice">{advice}</p>
    </section>
  );
}

/** What counts against the plan, in plain words, from the summary's own figures. */
export function countingRules(summary: UsageSummary): string[] {
  const [main, offPeak] = allowancesOf(summary);
  const label = summary.peakLabel;
  const rules: string[] = [];
  if (main) {
    const blocks =
      main.blocks > 0
        ? ` and ${formatMegabytes(main.blocks)} from data blocks, ${formatMegabytes(main.total)} in all`
        : '';
    rules.push(
      `Your allowance this period is ${formatMegabytes(main.plan)} of ${label} data from your plan (${summary.plan})${blocks}.`,
    );
  }
  if (hasUnmeteredOffPeak(summary)) {
    rules.push(
      `${label} data is what you use between 4pm and midnight. Off-Peak data is unmetered between midnight and 4pm: it does not count.`,
    );
  } else if (offPeak) {
    rules.push(
      `${label} data counts between 4pm and midnight. Between midnight and 4pm, data counts against your Off-Peak allowance of ${formatMegabytes(offPeak.total)}.`,
    );
  } else {
    rules.push('Everything you download and upload counts, at any time of day.');
  }
  rules.push(
    `Downloads and uploads both count. Unmetered traffic, such as network updates, does not: ${formatMegabytes(summary.unmeteredUsed)} so far this period.`,
    `Data blocks add to your allowance until the period ends on ${lastDayBefore(summary.periodStop)}. Unused data does not carry over.`,
    `When an allowance is used up, speeds are slowed (shaped) until the next period starts on ${formatDate(new Date(summary.periodStop))}, or until you buy a data block.`,
  );
  return rules;
}

export type PlannerTabProps = { summary: UsageSummary };

/**
 * Report 5, Usage Planner: for each allowance the pace bar, days remaining, the average day so
 * far, when the allowance runs out at that pace (or that it lasts), and a daily budget that lasts
 * to the period end (domain `planUsage`); then what counts against the plan.
 */
export function PlannerTab({ summary }: PlannerTabProps) {
  const ids = useId();
  const now = new Date();
  const allowances = allowancesOf(summary);
  return (
    <>
      <h2 className="usage-panel__title">Usage Planner</h2>
      <div className="usage-cards">
        {allowances.map((allowance) => (
          <PlannerCard key={allowance.id} allowance={allowance} summary={summary} now={now} />
        ))}
      </div>
      <section className="page-section" aria-labelledby={`${ids}-rules`}>
        <h2 id={`${ids}-rules`}>What counts against your plan</h2>
        <ul className="usage-rules">
          {countingRules(summary).map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
