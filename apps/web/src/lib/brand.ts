import { DEFAULT_BUSINESS_TIME_ZONE } from '@outpost/domain/time/zone';
import { BRAND_GLOBAL, BRAND_LOGO_PATH, type Brand } from '@outpost/contracts/brand';

/**
 * The brand as the page uses it: its colours reach the page as CSS custom properties the server
 * injects (docs/decisions/030), so the script does not carry them.
 */
export type PageBrand = Omit<Brand, 'colors'> & {
  /** The business time zone (IANA): the page's dates and times are in it (docs/decisions/041). */
  timeZone: string;
};

/** Used by `vite dev` and tests, where no server injects the provider's brand. */
export const demoBrand: PageBrand = {
  providerName: 'Outpost Demo Broadband',
  abn: '12 345 678 901',
  address: 'PO Box 1, Toowoomba QLD 4350',
  productPrefix: 'outpost',
  helpPhone: '1300 975 707',
  salesPhone: '1300 975 708',
  faultsPhone: '1300 975 709',
  tollFreePhone: '1800 160 401',
  localPhone: '07 5550 1234',
  internationalPhone: '+61 7 5550 1234',
  whatsappPhone: '+61 491 570 156',
  websiteUrl: 'https://example.com',
  signUpUrl: 'https://example.com/get-connected',
  appStoreUrl: 'https://example.com/app/ios',
  playStoreUrl: 'https://example.com/app/android',
  liveChatLicense: '',
  logoUrl: BRAND_LOGO_PATH,
  timeZone: DEFAULT_BUSINESS_TIME_ZONE,
};

type BrandWindow = Window & {
  [BRAND_GLOBAL]?: Partial<PageBrand> & { business?: { timeZone?: unknown } };
};

/**
 * The brand the server injected into index.html (`window.__OUTPOST_BRAND__`), else the demo brand
 * (the server writes its phone numbers in the one grouping: formatPhone).
 */
export function getBrand(): PageBrand {
  const injected =
    typeof window === 'undefined' ? undefined : (window as BrandWindow)[BRAND_GLOBAL];
  if (!injected || typeof injected !== 'object') return demoBrand;
  const brand: PageBrand = { ...demoBrand };
  for (const key of Object.keys(demoBrand) as (keyof PageBrand)[]) {
    const value = injected[key];
    if (typeof value === 'string' && (value !== '' || key === 'liveChatLicense'))
      brand[key] = value;
  }
  // The business file's zone (docs/decisions/041, 042), injected beside the brand.
  const zone = injected.business?.timeZone;
  if (typeof zone === 'string') brand.timeZone = zone;
  return brand;
}

/** 'tel:' href for a displayed phone number ('1300 975 707' -> 'tel:1300975707'). */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`;
}

/** "{title} | {providerName}" for document.title. */
export function documentTitle(title: string, brand: PageBrand = getBrand()): string {
  return title ? `${title} | ${brand.providerName}` : brand.providerName;
}
