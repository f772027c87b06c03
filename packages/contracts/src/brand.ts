/** The provider's brand: configuration, not code. The server injects it into the page. */
export type Brand = {
  providerName: string;
  productPrefix: string;
  helpPhone: string;
  salesPhone: string;
  faultsPhone: string;
  websiteUrl: string;
  signUpUrl: string;
  appStoreUrl: string;
  playStoreUrl: string;
};

export const BRAND_GLOBAL = '__OUTPOST_BRAND__';
