import { describe, expect, it } from 'vitest';
import { isPersonName, withoutLinks } from './name-rules';

describe('person names', () => {
  it('takes names of any script, with hyphens, apostrophes and initials', () => {
    for (const name of [
      'Robin',
      'Mary-Jane',
      "O'Brien",
      'D\u2019Arcy',
      'J. R.',
      'Zoë',
      'José María',
      'Nguyễn',
      '李',
      'Ngāti',
      'Tenant12345',
    ])
      expect(isPersonName(name), name).toBe(true);
  });

  it('refuses anything a mail client could make a link of, and symbols', () => {
    for (const name of [
      'Win a prize at http://evil.example',
      'evil.example',
      'www.evil.example',
      'Robin evil.com',
      'casey@example.com',
      'Robin <b>',
      'Robin_2',
      '1.2.3.4',
      '.',
      ' ',
      "'-",
    ])
      expect(isPersonName(name), name).toBe(false);
  });
});

describe('withoutLinks', () => {
  it('breaks the parts of an address so no client links it', () => {
    expect(withoutLinks('Win a prize at http://evil.example/claim')).toBe(
      'Win a prize at http[:]//evil[.]example/claim',
    );
    expect(withoutLinks('www.evil.example or casey@example.com')).toBe(
      'www[.]evil[.]example or casey@example[.]com',
    );
  });

  it('leaves ordinary text alone', () => {
    expect(withoutLinks('Router 2.5 drops out. It started at 3:30 pm.')).toBe(
      'Router 2.5 drops out. It started at 3:30 pm.',
    );
  });
});
