import type { Brand } from '@outpost/contracts/brand';
import { escapeHtml } from '../../lib/html';

/**
 * Content names the provider's contact details by placeholder, e.g. `{{faultsPhone}}`: the
 * Markdown is stored as written and each placeholder is filled from the configured brand
 * (FAULTS_PHONE, HELP_PHONE...) when the page is served, so a changed number needs no reload.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The brand's text fields (the colours are not for content). */
type BrandText = Exclude<keyof Brand, 'colors'>;

const BRAND_KEYS: ReadonlySet<string> = new Set<BrandText>([
  'providerName',
  'productPrefix',
  'helpPhone',
  'salesPhone',
  'faultsPhone',
  'tollFreePhone',
  'localPhone',
  'internationalPhone',
  'whatsappPhone',
  'websiteUrl',
  'signUpUrl',
  'appStoreUrl',
  'playStoreUrl',
]);

/** Placeholders in `text` that name nothing in the brand (a typo the loader refuses). */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((key) => !BRAND_KEYS.has(key));
}

/** `html` with each brand placeholder replaced by the brand's value (escaped). */
export function fillBrand(html: string, brand: Brand): string {
  return html.replace(PLACEHOLDER, (whole, key: string) =>
    BRAND_KEYS.has(key) ? escapeHtml(brand[key as BrandText]) : whole,
  );
}
