import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../session';
import {
  createReviewPrompt,
  DATA_VIEWED_DELAY_MS,
  localReviewStore,
  REVIEW_MIN_SESSIONS,
  TASK_COMPLETED_DELAY_MS,
} from './review-prompt';

function setup(sessions: number) {
  window.localStorage.setItem(storageKeys.sessionCount, String(sessions));
  const request = vi.fn();
  const prompt = createReviewPrompt({ store: localReviewStore, request });
  return { prompt, request };
}

describe('the review prompt', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts a session each time one begins', () => {
    const { prompt } = setup(0);
    prompt.recordSession();
    prompt.recordSession();
    expect(window.localStorage.getItem(storageKeys.sessionCount)).toBe('2');
  });

  it('shows 10 seconds after data is viewed once the count is 5', async () => {
    const { prompt, request } = setup(REVIEW_MIN_SESSIONS);
    prompt.note('data-viewed');
    expect(prompt.state()).toBe('waiting');
    await vi.advanceTimersByTimeAsync(DATA_VIEWED_DELAY_MS - 1);
    expect(request).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(request).toHaveBeenCalledTimes(1);
    expect(prompt.state()).toBe('shown');
    expect(window.localStorage.getItem(storageKeys.reviewShown)).toBe('1');
  });

  it('shows 2 seconds after a completed task', async () => {
    const { prompt, request } = setup(7);
    prompt.note('task-completed');
    await vi.advanceTimersByTimeAsync(TASK_COMPLETED_DELAY_MS);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('is not shown below 5 sessions', async () => {
    const { prompt, request } = setup(REVIEW_MIN_SESSIONS - 1);
    prompt.note('task-completed');
    prompt.note('data-viewed');
    await vi.advanceTimersByTimeAsync(DATA_VIEWED_DELAY_MS * 2);
    expect(request).not.toHaveBeenCalled();
    expect(prompt.state()).toBe('idle');
  });

  it('reaches the threshold through recorded sessions (launch and resumes)', async () => {
    const { prompt, request } = setup(3);
    prompt.recordSession();
    prompt.note('task-completed');
    await vi.advanceTimersByTimeAsync(TASK_COMPLETED_DELAY_MS);
    expect(request).not.toHaveBeenCalled();
    prompt.recordSession();
    prompt.note('task-completed');
    await vi.advanceTimersByTimeAsync(TASK_COMPLETED_DELAY_MS);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('is shown once only, also across app launches', async () => {
    const first = setup(5);
    first.prompt.note('task-completed');
    await vi.advanceTimersByTimeAsync(TASK_COMPLETED_DELAY_MS);
    first.prompt.note('task-completed');
    await vi.advanceTimersByTimeAsync(DATA_VIEWED_DELAY_MS);
    expect(first.request).toHaveBeenCalledTimes(1);

    const request = vi.fn();
    const relaunched = createReviewPrompt({ store: localReviewStore, request });
    relaunched.recordSession();
    relaunched.note('data-viewed');
    await vi.advanceTimersByTimeAsync(DATA_VIEWED_DELAY_MS);
    expect(request).not.toHaveBeenCalled();
  });

  it('a completed task during the data wait shows it sooner, and only once', async () => {
    const { prompt, request } = setup(5);
    prompt.note('data-viewed');
    await vi.advanceTimersByTimeAsync(1000);
    prompt.note('task-completed');
    await vi.advanceTimersByTimeAsync(TASK_COMPLETED_DELAY_MS);
    expect(request).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(DATA_VIEWED_DELAY_MS);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('a later data view does not push back a prompt already due sooner', async () => {
    const { prompt, request } = setup(5);
    prompt.note('task-completed');
    prompt.note('data-viewed');
    await vi.advanceTimersByTimeAsync(TASK_COMPLETED_DELAY_MS);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('a failing review sheet still counts as shown', async () => {
    window.localStorage.setItem(storageKeys.sessionCount, '5');
    const request = vi.fn().mockRejectedValue(new Error('not available'));
    const prompt = createReviewPrompt({ store: localReviewStore, request });
    prompt.note('task-completed');
    await vi.advanceTimersByTimeAsync(TASK_COMPLETED_DELAY_MS);
    expect(request).toHaveBeenCalledTimes(1);
    expect(prompt.state()).toBe('shown');
  });
});
