/** A section's placeholder while it loads: lines about as tall as its content, announced once. */
export function SecuritySkeleton({ lines, label }: { lines: number; label: string }) {
  return (
    <div className="skeleton security-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label}…</span>
      {Array.from({ length: lines }, (_, i) => (
        <span
          key={i}
          aria-hidden="true"
          className={
            i % 3 === 2
              ? 'skeleton__line skeleton__line--short security-skeleton__line'
              : 'skeleton__line security-skeleton__line'
          }
        />
      ))}
    </div>
  );
}
