import { describe, expect, it } from 'vitest';
import {
  ageOn,
  applicantErrors,
  applicationStep,
  isAgreement,
  isAustralianPhone,
  parseIsoDate,
  postcodeInState,
  productAddressErrors,
} from './application-rules';

describe('postcodes by state', () => {
  it.each([
    ['4730', 'QLD', true],
    ['9726', 'QLD', true],
    ['2000', 'QLD', false],
    ['2600', 'ACT', true],
    ['2618', 'ACT', true],
    ['2619', 'ACT', false],
    ['2619', 'NSW', true],
    ['2911', 'ACT', true],
    ['0200', 'ACT', true],
    ['0870', 'NT', true],
    ['0870', 'WA', false],
    ['7000', 'TAS', true],
    ['3000', 'VIC', true],
    ['8001', 'VIC', true],
    ['5000', 'SA', true],
    ['6000', 'WA', true],
    ['473', 'QLD', false],
    ['47300', 'QLD', false],
    ['4730', 'XX', false],
  ] as const)('%s in %s: %s', (postcode, state, expected) => {
    expect(postcodeInState(postcode, state)).toBe(expected);
  });
});

describe('Australian phone numbers', () => {
  it('takes fixed-line numbers as typed, and 1300/1800 for VoIP only', () => {
    expect(isAustralianPhone('07 4658 1234', 'landline')).toBe(true);
    expect(isAustralianPhone('(02) 9876-5432', 'landline')).toBe(true);
    expect(isAustralianPhone('+61 7 4658 1234', 'landline')).toBe(true);
    expect(isAustralianPhone('0412 345 678', 'landline')).toBe(false);
    expect(isAustralianPhone('05 1234 5678', 'landline')).toBe(false);
    expect(isAustralianPhone('07 4658 123', 'landline')).toBe(false);
    expect(isAustralianPhone('1300 555 010', 'landline')).toBe(false);
    expect(isAustralianPhone('1300 555 010', 'voip')).toBe(true);
    expect(isAustralianPhone('1800555010', 'voip')).toBe(true);
  });
});

describe('dates of birth', () => {
  it('reads only real dates', () => {
    expect(parseIsoDate('1980-02-29')).toEqual(new Date(Date.UTC(1980, 1, 29)));
    expect(parseIsoDate('1981-02-29')).toBeNull();
    expect(parseIsoDate('1980-13-01')).toBeNull();
    expect(parseIsoDate('01/02/1980')).toBeNull();
    expect(parseIsoDate('1899-12-31')).toBeNull();
  });

  it('counts whole years, turning 18 on the birthday', () => {
    expect(ageOn(parseIsoDate('2009-01-10')!, '2027-01-10')).toBe(18);
    expect(ageOn(parseIsoDate('2009-01-11')!, '2027-01-10')).toBe(17);
    const details = (date_of_birth: string) =>
      applicantErrors(
        {
          technology: 'VOIP',
          telephony: { is_transfer: 0 },
          applicant: { given_names: 'A', surname: 'B', date_of_birth },
        },
        '2027-01-10',
      );
    expect(details('2009-01-10')).toEqual({});
    expect(details('2009-01-11')).toEqual({
      'applicant.date_of_birth': 'The applicant must be 18 or older.',
    });
    expect(details('2030-01-01')).toEqual({
      'applicant.date_of_birth': 'Please enter a real date of birth.',
    });
    expect(details('')).toEqual({ 'applicant.date_of_birth': 'Date of Birth is required' });
  });
});

describe('product addresses', () => {
  const shipping = {
    shipping_addr_line1: '12 Wattle Rd',
    shipping_suburb: 'Longreach',
    shipping_state: 'QLD',
    shipping_postcode: '4730',
  };

  it('needs the billing fields only when billing is not the shipping address', () => {
    expect(productAddressErrors({ ...shipping, billing_same: true })).toEqual({});
    expect(productAddressErrors({ ...shipping, billing_same: false })).toEqual({
      billing_addr_line1: 'Billing Address is required',
      billing_suburb: 'Suburb is required',
      billing_state: 'State is required',
      billing_postcode: 'Postcode is required',
    });
  });

  it('takes every state and territory, ACT included, and nothing else', () => {
    expect(
      productAddressErrors({
        ...shipping,
        shipping_state: 'ACT',
        shipping_postcode: '2600',
        billing_same: true,
      }),
    ).toEqual({});
    expect(
      productAddressErrors({ ...shipping, shipping_state: 'Tasmania', billing_same: true }),
    ).toEqual({ shipping_state: 'Please choose a state from the list.' });
  });
});

it('agrees on I AGREE in any case, and maps fields to their steps', () => {
  expect(isAgreement('i agree')).toBe(true);
  expect(isAgreement(' I Agree ')).toBe(true);
  expect(isAgreement('I AGREED')).toBe(false);
  expect(applicationStep('address.postcode')).toBe('address');
  expect(applicationStep('agreement')).toBe('terms');
  expect(applicationStep('telephony.transfer.phone_number')).toBe('details');
});
