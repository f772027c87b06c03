/**
 * One household however its address is written (docs/decisions/020): '12 Wattle Rd, Longreach'
 * and '12 WATTLE ROAD  longreach' are the same address. Case, punctuation and spacing are
 * dropped, street types and unit words are spelled one way, 'Unit 2, 7 Emu St' and '2/7 Emu
 * Street' agree.
 */
const STREET_TYPES: Record<string, string> = {
  rd: 'road',
  st: 'street',
  str: 'street',
  ave: 'avenue',
  av: 'avenue',
  hwy: 'highway',
  dr: 'drive',
  drv: 'drive',
  ct: 'court',
  crt: 'court',
  cres: 'crescent',
  cr: 'crescent',
  cresc: 'crescent',
  pl: 'place',
  ln: 'lane',
  tce: 'terrace',
  pde: 'parade',
  cl: 'close',
  bvd: 'boulevard',
  blvd: 'boulevard',
  cct: 'circuit',
  esp: 'esplanade',
  gr: 'grove',
  hts: 'heights',
  pkwy: 'parkway',
  sq: 'square',
  tk: 'track',
  trk: 'track',
  wy: 'way',
  mt: 'mount',
};
/** Words that only say 'a unit of': the number that follows them is kept. */
const UNIT_WORDS = new Set(['unit', 'u', 'apartment', 'apt', 'flat', 'shop', 'suite']);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '');
}

export type ReferralAddress = { line: string; suburb: string; state: string; postcode: string };

export function referralAddressKey(address: ReferralAddress): string {
  const line = words(address.line)
    .filter((w) => !UNIT_WORDS.has(w))
    .map((w) => STREET_TYPES[w] ?? w)
    .join(' ');
  return [
    line,
    words(address.suburb).join(' '),
    words(address.state).join(''),
    address.postcode.trim(),
  ].join('|');
}

/** The address as one line, for the record. */
export function referralAddressText(address: ReferralAddress): string {
  return `${address.line.trim()}, ${address.suburb.trim()} ${address.state.trim().toUpperCase()} ${address.postcode.trim()}`;
}
