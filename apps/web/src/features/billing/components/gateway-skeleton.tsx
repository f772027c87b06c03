/** The gateway form's room while its client secret and code load (the form replaces it in place). */
export function GatewaySkeleton({ label }: { label: string }) {
  return (
    <div className="gateway-skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        {label}
      </p>
      <div className="skeleton" aria-hidden="true">
        <span className="skeleton__line gateway-skeleton__field" />
        <span className="skeleton__line gateway-skeleton__field" />
        <span className="skeleton__line skeleton__line--short gateway-skeleton__field" />
      </div>
    </div>
  );
}
