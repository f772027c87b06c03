import { describe, expect, it } from 'vitest';
import {
  serviceAddress,
  serviceDisplayName,
  serviceOptionLabel,
  serviceSecondaryName,
} from './service-names';

const skyMuster = {
  nickname: null,
  technology: 'Sky Muster Plus',
  identifier: 'AVC000123456789',
  plan: 'Sky Muster Plus 50',
  addr_abbr: '12 Wattle Rd, Longreach QLD',
  addr_line: '12 Wattle Road',
  addr_suburb: 'Longreach',
  addr_state: 'QLD',
  addr_postcode: '4730',
};

describe('serviceDisplayName', () => {
  it('is the nickname when the service has one', () => {
    expect(serviceDisplayName({ ...skyMuster, nickname: 'Cottage' })).toBe('Cottage');
  });

  it('is the technology and the short address when there is no nickname', () => {
    expect(serviceDisplayName(skyMuster)).toBe('Sky Muster Plus at 12 Wattle Rd, Longreach QLD');
    expect(serviceDisplayName({ ...skyMuster, nickname: '  ' })).toBe(
      'Sky Muster Plus at 12 Wattle Rd, Longreach QLD',
    );
  });

  it('writes the address out from its parts when it has no short form', () => {
    const service = { ...skyMuster, addr_abbr: '' };
    expect(serviceAddress(service)).toBe('12 Wattle Road, Longreach QLD 4730');
    expect(serviceDisplayName({ ...service, technology: 'VOIP' })).toBe(
      'VoIP at 12 Wattle Road, Longreach QLD 4730',
    );
  });

  it('is the technology and the identifier when the address is not known (view-activity alone)', () => {
    expect(
      serviceDisplayName({ nickname: null, technology: 'Landline', identifier: '0755500123' }),
    ).toBe('Landline 07 5550 0123');
  });
});

describe('serviceSecondaryName', () => {
  it('is the AVC id, or the phone number spaced, beside a name made of the address', () => {
    expect(serviceSecondaryName(skyMuster)).toBe('AVC000123456789');
    expect(
      serviceSecondaryName({ ...skyMuster, technology: 'Landline', identifier: '0755500123' }),
    ).toBe('07 5550 0123');
  });

  it('says the technology too beside a nickname, and nothing when the name already says it all', () => {
    expect(serviceSecondaryName({ ...skyMuster, nickname: 'Cottage' })).toBe(
      'Sky Muster Plus AVC000123456789',
    );
    expect(
      serviceSecondaryName({ nickname: null, technology: 'Landline', identifier: '0755500123' }),
    ).toBe('');
  });
});

describe('serviceOptionLabel', () => {
  it('puts the name first, then the plan, then the identifier', () => {
    expect(serviceOptionLabel(skyMuster)).toBe(
      'Sky Muster Plus at 12 Wattle Rd, Longreach QLD · Sky Muster Plus 50 · AVC000123456789',
    );
    expect(serviceOptionLabel({ ...skyMuster, nickname: 'Cottage' })).toBe(
      'Cottage · Sky Muster Plus 50 · Sky Muster Plus AVC000123456789',
    );
    expect(
      serviceOptionLabel({
        nickname: null,
        technology: 'Fixed Wireless',
        identifier: 'AVC000777000222',
        plan: 'Limitless',
      }),
    ).toBe('Fixed Wireless AVC000777000222 · Limitless');
  });
});
