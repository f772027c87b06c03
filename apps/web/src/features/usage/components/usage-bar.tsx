export type UsageBarProps = {
  /** The bar's accessible name, e.g. 'Peak data used'. */
  label: string;
  percentUsed: number;
  percentElapsed: number;
};

/**
 * How much of an allowance is used (the bar, 'Used: N%') against how much of the 30-day period
 * has passed (the marker, 'N% elapsed (30 days)'): a bar ahead of its marker is a fast pace.
 */
export function UsageBar({ label, percentUsed, percentElapsed }: UsageBarProps) {
  const used = Math.round(percentUsed);
  const elapsed = Math.min(Math.max(Math.round(percentElapsed), 0), 100);
  const usedText = `Used: ${used}%`;
  const elapsedText = `${elapsed}% elapsed (30 days)`;
  const over = used >= 100;
  return (
    <div className="usage-bar">
      <div
        className="usage-bar__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(used, 100)}
        aria-valuetext={usedText}
        title={usedText}
      >
        <span
          className={over ? 'usage-bar__fill usage-bar__fill--over' : 'usage-bar__fill'}
          style={{ width: `${Math.min(used, 100)}%` }}
        />
        <span className="usage-bar__marker" style={{ left: `${elapsed}%` }} title={elapsedText} />
      </div>
      <p className="usage-bar__legend">
        <span aria-hidden="true">{usedText}</span>
        <span>
          <span className="usage-bar__marker-key" aria-hidden="true" />
          {elapsedText}
        </span>
      </p>
    </div>
  );
}
