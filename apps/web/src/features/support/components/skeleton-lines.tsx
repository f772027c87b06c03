/** Placeholder text lines of a block still loading: full width, or short where `lines` says. */
export function SkeletonLines({ lines }: { lines: readonly ('full' | 'short')[] }) {
  return lines.map((width, i) => (
    <span
      key={i}
      className={width === 'short' ? 'skeleton__line skeleton__line--short' : 'skeleton__line'}
    />
  ));
}
