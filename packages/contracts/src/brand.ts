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
};

export const BRAND_GLOBAL = '__OUTPOST_BRAND__';
