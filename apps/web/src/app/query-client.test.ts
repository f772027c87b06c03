import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { reportAnswer, reportNoAnswer } from '@/lib/reachability';
import { createQueryClient, KEEP_UNUSED_MS } from './query-client';

describe('the query client and the connection', () => {
  it('queries pause while the server cannot be reached, though the browser says online', () => {
    vi.useFakeTimers();
    try {
      const client = createQueryClient();
      client.mount();
      expect(onlineManager.isOnline()).toBe(true);
      reportNoAnswer();
      expect(navigator.onLine).toBe(true);
      expect(onlineManager.isOnline()).toBe(false);
      reportAnswer();
      expect(onlineManager.isOnline()).toBe(true);
      client.unmount();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a page left an hour ago in memory, so it is still saved on the device for offline use', async () => {
    vi.useFakeTimers();
    try {
      const client = createQueryClient();
      const observer = new QueryObserver(client, {
        queryKey: ['billing', 'invoices'],
        queryFn: () => Promise.resolve(['#1001']),
      });
      const unsubscribe = observer.subscribe(() => undefined);
      await vi.waitFor(() =>
        expect(client.getQueryData(['billing', 'invoices'])).toEqual(['#1001']),
      );
      unsubscribe(); // the page is left
      await vi.advanceTimersByTimeAsync(60 * 60_000);
      expect(client.getQueryData(['billing', 'invoices'])).toEqual(['#1001']);
      await vi.advanceTimersByTimeAsync(KEEP_UNUSED_MS);
      expect(client.getQueryData(['billing', 'invoices'])).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
