import { describe, expect, it } from 'vitest';
import { AU_STATES, isAuState } from './au-states';

describe('AU_STATES', () => {
  it('holds the six states and two mainland territories, ACT included', () => {
    expect(AU_STATES).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
    expect(isAuState('ACT')).toBe(true);
    expect(isAuState('Tasmania')).toBe(false);
  });
});
