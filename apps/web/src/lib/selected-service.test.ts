import { describe, expect, it } from 'vitest';
import { idParam, selectService } from './selected-service';

const services = [{ serviceid: 1 }, { serviceid: 2 }, { serviceid: 3 }];

describe('selectService', () => {
  it('takes the address first, then the stored default, then the first offered', () => {
    expect(selectService(services, '2', '3')).toEqual({ serviceid: 2 });
    expect(selectService(services, 2, '3')).toEqual({ serviceid: 2 });
    expect(selectService(services, '9', '3')).toEqual({ serviceid: 3 });
    expect(selectService(services, null, '9')).toEqual({ serviceid: 1 });
    expect(selectService([], '1', '1')).toBeUndefined();
  });

  it("falls back to the page's own first choice", () => {
    expect(selectService(services, null, null, (list) => list.at(-1))).toEqual({ serviceid: 3 });
  });
});

describe('idParam', () => {
  it('reads digit strings only, as the server does', () => {
    expect(idParam('200101')).toBe(200101);
    for (const bad of [null, '', '0', '-1', '1.5', '200101.0', ' 1', '1e3', 'abc'])
      expect(idParam(bad)).toBeNull();
  });
});
