/**
 * The brand's colours (#rrggbb), the page's CSS custom properties: `primary` is
 * `--color-primary`, `onPrimary` is `--color-on-primary`, and so on. The server checks their
 * contrast at start-up (docs/decisions/030).
 */
export type BrandColors = {
  /** Buttons, links, the selected menu item, the logo's disc. */
  primary: string;
  primaryHover: string;
  /** The provider's name in the header; pressed buttons. */
  primaryStrong: string;
  /** Light backgrounds of selected or informative things. */
  primaryTint: string;
  primarySoft: string;
  /** Text on primary (and on its hover and strong shades). */
  onPrimary: string;
  /** Focus outlines. */
  accent: string;
  footer: string;
  onFooter: string;
  footerLink: string;
};

/** The CSS custom property each brand colour sets. */
export const BRAND_COLOR_PROPERTIES: Record<keyof BrandColors, string> = {
  primary: '--color-primary',
  primaryHover: '--color-primary-hover',
  primaryStrong: '--color-primary-strong',
  primaryTint: '--color-primary-tint',
  primarySoft: '--color-primary-soft',
  onPrimary: '--color-on-primary',
  accent: '--color-accent',
  footer: '--color-footer',
  onFooter: '--color-on-footer',
  footerLink: '--color-footer-link',
};

/** The provider's brand: configuration, not code. The server injects it into the page. */
export type Brand = {
  providerName: string;
  /** Australian Business Number, on tax invoices. */
  abn: string;
  /** Postal address, on tax invoices. */
  address: string;
  productPrefix: string;
  helpPhone: string;
  salesPhone: string;
  faultsPhone: string;
  /** The Contact page's numbers (spec 3 section 2.7): free call, local, from overseas, WhatsApp. */
  tollFreePhone: string;
  localPhone: string;
  internationalPhone: string;
  whatsappPhone: string;
  websiteUrl: string;
  signUpUrl: string;
  appStoreUrl: string;
  playStoreUrl: string;
  /** The live chat provider's licence id; '' turns live chat off. */
  liveChatLicense: string;
  colors: BrandColors;
  /** The logo (SVG) the server serves, versioned by its content: '/brand/logo.svg?v=...'. */
  logoUrl: string;
};

/**
 * What the server injects into the page (`window.__OUTPOST_BRAND__`): the brand, and the business
 * file's part the page needs (docs/decisions/042); without it, the Contact page's own defaults.
 */
export type InjectedBrand = Brand & { business?: PageBusiness };

/** The Contact page's hours from the business file (docs/decisions/042). */
export type PageBusiness = {
  /** The business time zone (IANA). */
  timeZone: string;
  /** Each team's name and hours, as the Contact page's table shows them. */
  hours: { team: string; hours: string }[];
  /**
   * Under the table, when the business file words it; else the page writes the zone's name and
   * offset that day: 'The time zone is AEST (UTC+10).' (docs/decisions/041).
   */
  hoursNote?: string;
};

export const BRAND_GLOBAL = '__OUTPOST_BRAND__';

/** Where the server serves the brand's logo (an SVG image, cached; a `?v=` query versions it). */
export const BRAND_LOGO_PATH = '/brand/logo.svg';
