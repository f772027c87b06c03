import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminRoutes, type DeskNotice } from '@outpost/contracts/admin';
import { call } from '../api';

/**
 * What the desk was told (docs/decisions/060): new tickets, callbacks, orders and customers'
 * replies, read once a minute. The count beside Tickets in the menu is what came after the newest
 * one this person looked at (kept in this browser); opening the queue marks them seen.
 */
const SEEN_KEY = 'outpost-console-notices-seen';

function readSeen(): number {
  const value = Number(localStorage.getItem(SEEN_KEY));
  return Number.isSafeInteger(value) ? value : 0;
}

/** How many notices are newer than the one last seen (at most 20: '20+'). */
export function unseenCount(notices: readonly Pick<DeskNotice, 'id'>[], seen: number): number {
  return notices.filter((n) => n.id > seen).length;
}

export function useDeskNotices(enabled: boolean, onQueue: boolean) {
  const [seen, setSeen] = useState(readSeen);
  const notices = useQuery({
    queryKey: ['desk-notices'],
    queryFn: () => call(adminRoutes.adminDeskNotices, { query: { limit: '20' } }),
    enabled,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
  const newest = notices.data?.[0]?.id ?? 0;
  useEffect(() => {
    if (onQueue && newest > seen) {
      localStorage.setItem(SEEN_KEY, String(newest));
      setSeen(newest);
    }
  }, [onQueue, newest, seen]);
  const data = notices.data ?? [];
  return { notices: data, unseen: unseenCount(data, seen) };
}

/** The badge beside Tickets: '3 new', with the latest in its tooltip. */
export function NoticeBadge({ notices, unseen }: { notices: DeskNotice[]; unseen: number }) {
  if (unseen === 0) return null;
  const latest = notices
    .slice(0, Math.min(unseen, 5))
    .map((n) => `${n.number} ${n.label}: ${n.subject} (${n.customer})`)
    .join('\n');
  return (
    <span className="nav-badge" title={latest}>
      {unseen >= 20 ? '20+' : unseen} new
    </span>
  );
}
