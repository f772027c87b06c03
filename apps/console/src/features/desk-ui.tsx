import { useEffect, useState } from 'react';
import { AlarmClock } from 'lucide-react';
import { dueText } from './desk-queue';

const exact = new Intl.DateTimeFormat('en-AU', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** Now, again each minute: due times in words stay true while the page is open. */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * A ticket's due time: relative in words ('Overdue 3 h', 'Due in 5 h'), the exact time (the staff
 * member's zone) in the tooltip. Overdue says so in words and with an icon, not by colour alone.
 */
export function Due({ due, overdue, now }: { due: string; overdue: boolean; now: Date }) {
  const text = dueText(due, overdue, now);
  const at = exact.format(new Date(due));
  return (
    <time
      dateTime={due}
      title={`Due ${at}`}
      className={overdue ? 'due overdue' : 'due'}
      aria-label={`${text}, due ${at}`}
    >
      {overdue ? <AlarmClock size={12} aria-hidden="true" /> : null}
      {text}
    </time>
  );
}
