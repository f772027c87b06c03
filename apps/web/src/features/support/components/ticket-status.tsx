/** The mapped status as a badge (spec 2 section 9); Attention stands out, Completed is calm. */
export function TicketStatus({ status, label }: { status: string; label: string }) {
  return (
    <span className={`status-badge ticket-status ticket-status--${status.toLowerCase()}`}>
      {label}
    </span>
  );
}
