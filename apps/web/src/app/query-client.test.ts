import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { reportAnswer, reportNoAnswer } from '@/lib/reachability';
import { createQueryClient } from './query-client';

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
});
