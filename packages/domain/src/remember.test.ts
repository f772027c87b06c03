import { describe, expect, it } from 'vitest';
import { keep, remember } from './remember';

describe('remember', () => {
  it('works an answer out once, then gives the kept one', () => {
    const cache = new Map<string, number>();
    let calls = 0;
    const work = () => {
      calls += 1;
      return 42;
    };
    expect(remember(cache, 'a', work)).toBe(42);
    expect(remember(cache, 'a', work)).toBe(42);
    expect(calls).toBe(1);
  });

  it('empties a full cache before keeping a new answer, and replaces a kept one in place', () => {
    const cache = new Map<number, string>();
    for (let i = 0; i < 3; i += 1) remember(cache, i, () => `v${i}`, 3);
    expect([...cache.keys()]).toEqual([0, 1, 2]);
    keep(cache, 1, 'again', 3); // a key it holds: nothing else goes
    expect(cache.get(1)).toBe('again');
    expect(cache.size).toBe(3);
    expect(remember(cache, 3, () => 'v3', 3)).toBe('v3'); // a new one: the rest go first
    expect([...cache]).toEqual([[3, 'v3']]);
  });
});
