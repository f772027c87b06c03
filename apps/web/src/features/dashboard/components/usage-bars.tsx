import { gigabytes, type UsageBar, usageLevel } from '../utils/usage';

/** Words beside the colour, so the warning does not rest on colour alone. */
const LEVEL_TEXT = { ok: null, warning: 'Nearly used up', over: 'Used up' } as const;

function usageDetail(bar: UsageBar): string {
  return `${gigabytes(bar.usedGb)} of ${gigabytes(bar.quotaGb)}`;
}

function LevelTag({ bar }: { bar: UsageBar }) {
  const text = LEVEL_TEXT[usageLevel(bar.percent)];
  return (
    text && <span className={`status-badge status-badge--${usageLevel(bar.percent)}`}>{text}</span>
  );
}

/**
 * The Usage card's bar chart (spec 1 section 2): a horizontal bar per allowance, Peak (or
 * Anytime) and Off-Peak, with its share and figures written beside it. Each bar is a progressbar
 * whose value text carries the same figures ('39% (21.46 GB of 55 GB)'), so a screen reader hears
 * them once; the written figures are for the eye. Blue until 85 %, amber from 85 %, red from 100 %,
 * with words beside the colour.
 */
export function UsageBars({ bars }: { bars: readonly UsageBar[] }) {
  return (
    <ul className="usage-bars" aria-label="Data used this period">
      {bars.map((bar) => (
        <li key={bar.id} className={`usage-bars__item usage-level-${usageLevel(bar.percent)}`}>
          <p className="usage-bars__label">
            <span className="usage-bars__name">
              {bar.label} <LevelTag bar={bar} />
            </span>
            <span className="usage-bars__percent" aria-hidden="true">
              {bar.percent}%
            </span>
          </p>
          <div
            className="usage-bars__track"
            role="progressbar"
            aria-label={`${bar.label} data used`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.min(bar.percent, 100)}
            aria-valuetext={`${bar.percent}% (${usageDetail(bar)})`}
          >
            <span
              className="usage-bars__fill"
              style={{ width: `${Math.min(bar.percent, 100)}%` }}
            />
          </div>
          <p className="usage-bars__detail" aria-hidden="true">
            {usageDetail(bar)}
          </p>
        </li>
      ))}
    </ul>
  );
}
