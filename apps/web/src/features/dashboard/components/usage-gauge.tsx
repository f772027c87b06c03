import { gigabytes, type UsageBar, usageLevel } from '../utils/usage';

/** Words beside the colour, so the warning does not rest on colour alone. */
const LEVEL_TEXT = { ok: null, warning: 'Nearly used up', over: 'Used up' } as const;

function usageDetail(bar: UsageBar): string {
  return `${gigabytes(bar.usedGb)} of ${gigabytes(bar.quotaGb)}`;
}

/** The progressbar's name and value (the figures a screen reader hears). */
function progressProps(bar: UsageBar) {
  return {
    role: 'progressbar',
    'aria-label': `${bar.label} data used`,
    'aria-valuemin': 0,
    'aria-valuemax': 100,
    'aria-valuenow': Math.min(bar.percent, 100),
    'aria-valuetext': `${bar.percent}% (${usageDetail(bar)})`,
  } as const;
}

function LevelTag({ bar }: { bar: UsageBar }) {
  const level = usageLevel(bar.percent);
  const text = LEVEL_TEXT[level];
  return text && <span className={`status-badge status-badge--${level}`}>{text}</span>;
}

export type UsageGaugeProps = {
  bar: UsageBar;
  /** Where the allowance is heading at the pace so far, shown beside the dial. */
  projection: string;
};

/**
 * The Usage card's centre: a dial of the main allowance used, blue until 85 %, amber from 85 %
 * and red from 100 %, with the figures and the run-out projection beside it.
 */
export function UsageGauge({ bar, projection }: UsageGaugeProps) {
  const level = usageLevel(bar.percent);
  return (
    <div className={`usage-gauge usage-level-${level}`}>
      <div className="usage-gauge__dial" {...progressProps(bar)}>
        <svg viewBox="0 0 120 120" aria-hidden="true" focusable="false">
          <circle className="usage-gauge__track" cx="60" cy="60" r="52" pathLength={100} />
          <circle
            className="usage-gauge__fill"
            cx="60"
            cy="60"
            r="52"
            pathLength={100}
            strokeDasharray={`${Math.min(bar.percent, 100)} 100`}
          />
        </svg>
        <span className="usage-gauge__percent" aria-hidden="true">
          {bar.percent}%
        </span>
      </div>
      <div className="usage-gauge__text">
        <p className="usage-gauge__label">
          {bar.label} <LevelTag bar={bar} />
        </p>
        <p className="usage-gauge__detail" aria-hidden="true">
          {usageDetail(bar)}
        </p>
        <p className="usage-gauge__projection">{projection}</p>
      </div>
    </div>
  );
}

/** The other allowances (Off-Peak beside a Peak dial): a bar each, in the same colours. */
export function UsageBars({ bars }: { bars: UsageBar[] }) {
  return (
    <ul className="usage-bars">
      {bars.map((bar) => (
        <li key={bar.id} className={`usage-bars__item usage-level-${usageLevel(bar.percent)}`}>
          <p className="usage-bars__label">
            <span>
              {bar.label} <LevelTag bar={bar} />
            </span>
            <span className="usage-bars__percent" aria-hidden="true">
              {bar.percent}%
            </span>
          </p>
          <div className="usage-bars__track" {...progressProps(bar)}>
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
