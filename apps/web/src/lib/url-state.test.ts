import { describe, expect, it } from 'vitest';
import { withParams } from './url-state';

describe('withParams', () => {
  it('sets and removes the named parameters and keeps the others', () => {
    const next = withParams(new URLSearchParams('service=200101&tab=daily&page=3'), {
      tab: 'hourly',
      chart: 'usage',
      page: null,
    });
    expect(next.toString()).toBe('service=200101&tab=hourly&chart=usage');
  });
});
