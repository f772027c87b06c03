import { getBrand } from '@/lib/brand';

/**
 * Which content page (GET /api/portal/content/pages/{slug}/) each legal and help route shows
 * (spec 2 'Legal and help pages', spec 3 section 2.9). Customer terms take their slug from the
 * address: /support/{product}-customer-terms shows '{product}-customer-terms'.
 */
export const contentPageSlugs: Readonly<Record<string, string>> = {
  '/support/privacy-policy': 'privacy-policy',
  '/support/financial-hardship-policy': 'financial-hardship-policy',
  '/help-center': 'help-centre',
  '/terms-of-use': 'terms-of-use',
  '/privacy-policy': 'privacy-policy',
  '/financial-hardship': 'financial-hardship-policy',
  '/basic/landline-trasnfer-terms': 'landline-transfer-terms',
};

/** The slug a /support/<slug> customer-terms address names, if it names one. */
export const CUSTOMER_TERMS_SUFFIX = '-customer-terms';

/** The three pages under 'Legal Resources', linked to each other. */
export function legalResources(): { label: string; to: string }[] {
  return [
    { label: 'Customer Terms', to: `/support/${getBrand().productPrefix}${CUSTOMER_TERMS_SUFFIX}` },
    { label: 'Privacy Policy', to: '/support/privacy-policy' },
    { label: 'Financial Hardship Policy', to: '/support/financial-hardship-policy' },
  ];
}
