import { describe, expect, it } from 'vitest';
import { unseenCount } from './desk-notices';

describe('the desk notices badge', () => {
  it('counts what came after the newest notice seen', () => {
    const notices = [{ id: 14 }, { id: 12 }, { id: 9 }];
    expect(unseenCount(notices, 0)).toBe(3);
    expect(unseenCount(notices, 12)).toBe(1);
    expect(unseenCount(notices, 14)).toBe(0);
  });
});
