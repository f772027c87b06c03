import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Brand, BrandColors } from '@outpost/contracts/brand';
import { BRAND_LOGO_PATH } from '@outpost/contracts/brand';
import { formatPhone } from '@outpost/domain/phone-format';

/**
 * The provider's brand file (BRAND_FILE, docs/decisions/030): one JSON file with everything
 * provider-specific (name, ABN, numbers, links, colours, logo, chat licence, senders), checked at
 * start-up. Environment variables still override single fields (PROVIDER_NAME, HELP_PHONE...).
 */

/** A phone number, written in the one grouping however it was typed ('1300975707' -> '1300 975 707'). */
const phone = z
  .string()
  .regex(/^[0-9 +()]{6,20}$/, 'must be a phone number')
  .transform(formatPhone);
const url = z.url({ protocol: /^https?$/ });
const hex = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour')
  .transform((v) => v.toLowerCase());

/** Each field's rule, shared by the brand file and the environment variables overriding it. */
export const brandFields = {
  providerName: z.string().min(1).max(80),
  abn: z.string().regex(/^[0-9]{2} ?[0-9]{3} ?[0-9]{3} ?[0-9]{3}$/, 'must be an 11-digit ABN'),
  address: z.string().min(1).max(200),
  productPrefix: z
    .string()
    .regex(/^[a-z0-9-]{1,30}$/, 'must be lower-case letters, digits or dashes'),
  helpPhone: phone,
  salesPhone: phone,
  faultsPhone: phone,
  tollFreePhone: phone,
  localPhone: phone,
  internationalPhone: phone,
  whatsappPhone: phone,
  websiteUrl: url,
  signUpUrl: url,
  appStoreUrl: url,
  playStoreUrl: url,
  // LiveChat licence ids are digits; empty: live chat is off.
  liveChatLicense: z.string().regex(/^([0-9]{3,12})?$/, 'must be a LiveChat licence id (digits)'),
  mailFrom: z.string().min(3).max(200),
  smsFrom: z
    .string()
    .regex(/^[A-Za-z0-9 ]{1,11}$/, 'must be at most 11 letters, digits or spaces (an SMS sender)'),
};

const colorsSchema = z.strictObject({
  primary: hex,
  onPrimary: hex,
  accent: hex,
  // Derived from primary when absent (darker and lighter shades).
  primaryHover: hex.optional(),
  primaryStrong: hex.optional(),
  primaryTint: hex.optional(),
  primarySoft: hex.optional(),
  footer: hex.optional(),
  onFooter: hex.optional(),
  footerLink: hex.optional(),
});

const brandFileSchema = z.strictObject({
  ...brandFields,
  liveChatLicense: brandFields.liveChatLicense.default(''),
  // Unset: '<providerName> <noreply@example.com>', and the name's first 11 letters and digits.
  mailFrom: brandFields.mailFrom.optional(),
  smsFrom: brandFields.smsFrom.optional(),
  colors: colorsSchema,
  /** The logo: an SVG file, its path relative to the brand file. */
  logo: z.string().min(1),
});

export type BrandFile = z.infer<typeof brandFileSchema>;

/** Brand fields an environment variable may set on its own, by variable. */
export const BRAND_ENV = {
  PROVIDER_NAME: 'providerName',
  PROVIDER_ABN: 'abn',
  PROVIDER_ADDRESS: 'address',
  PRODUCT_PREFIX: 'productPrefix',
  HELP_PHONE: 'helpPhone',
  SALES_PHONE: 'salesPhone',
  FAULTS_PHONE: 'faultsPhone',
  TOLL_FREE_PHONE: 'tollFreePhone',
  LOCAL_PHONE: 'localPhone',
  INTERNATIONAL_PHONE: 'internationalPhone',
  WHATSAPP_PHONE: 'whatsappPhone',
  WEBSITE_URL: 'websiteUrl',
  SIGNUP_URL: 'signUpUrl',
  APP_STORE_URL: 'appStoreUrl',
  PLAY_STORE_URL: 'playStoreUrl',
  LIVECHAT_LICENSE: 'liveChatLicense',
  MAIL_FROM: 'mailFrom',
  SMS_FROM: 'smsFrom',
} as const satisfies Record<string, keyof typeof brandFields>;

export type BrandEnv = Partial<Record<keyof typeof BRAND_ENV, string>>;

/** The brand as loaded: the public part the page gets, the senders and the logo's bytes. */
export type LoadedBrand = {
  brand: Brand;
  mailFrom: string;
  smsFrom: string;
  logo: { svg: Buffer; etag: string };
};

export class BrandError extends Error {}

const fail = (lines: string[]) => new BrandError(`Invalid configuration:\n${lines.join('\n')}`);

// ---- Colours ----------------------------------------------------------------------------------

function rgb(color: string): [number, number, number] {
  const n = Number.parseInt(color.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` moved towards `toward` by `amount` (0 to 1), in sRGB. */
function mix(color: string, toward: string, amount: number): string {
  const a = rgb(color);
  const b = rgb(toward);
  return `#${a
    .map((c, i) => Math.round(c + (b[i]! - c) * amount))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

const WHITE = '#ffffff';
const BLACK = '#000000';
/** The page's light backgrounds (app.css --color-surface and --color-bg). */
const SURFACE = '#ffffff';
const PAGE_BG = '#f2f5f9';

function completeColors(c: z.infer<typeof colorsSchema>): BrandColors {
  const primaryStrong = c.primaryStrong ?? mix(c.primary, BLACK, 0.4);
  const footer = c.footer ?? mix(c.primary, BLACK, 0.55);
  return {
    primary: c.primary,
    primaryHover: c.primaryHover ?? mix(c.primary, BLACK, 0.2),
    primaryStrong,
    primaryTint: c.primaryTint ?? mix(c.primary, WHITE, 0.9),
    primarySoft: c.primarySoft ?? mix(c.primary, WHITE, 0.8),
    onPrimary: c.onPrimary,
    accent: c.accent,
    footer,
    onFooter: c.onFooter ?? WHITE,
    footerLink: c.footerLink ?? mix(c.primary, WHITE, 0.8),
  };
}

/**
 * WCAG 2.1 AA: text needs 4.5:1 against what it sits on, a focus outline 3:1 (1.4.11). Each pair
 * is how app.css uses the colours: button text on the primary shades, primary links on the page's
 * light backgrounds and on the tint, the name in the header, the footer's text.
 */
const CONTRAST_RULES: [
  text: keyof BrandColors | 'surface',
  on: keyof BrandColors | 'surface' | 'pageBg',
  min: number,
][] = [
  ['onPrimary', 'primary', 4.5],
  ['onPrimary', 'primaryHover', 4.5],
  ['onPrimary', 'primaryStrong', 4.5],
  ['primary', 'surface', 4.5],
  ['primary', 'pageBg', 4.5],
  ['primary', 'primaryTint', 4.5],
  ['primaryStrong', 'surface', 4.5],
  ['onFooter', 'footer', 4.5],
  ['footerLink', 'footer', 4.5],
  ['accent', 'surface', 3],
];

/** The colour pairs below WCAG AA, as messages naming the fields ('' when all pass). */
export function contrastProblems(colors: BrandColors): string[] {
  const value = (key: keyof BrandColors | 'surface' | 'pageBg') =>
    key === 'surface' ? SURFACE : key === 'pageBg' ? PAGE_BG : colors[key];
  const name = (key: string) =>
    key === 'surface'
      ? `the page's white (${SURFACE})`
      : key === 'pageBg'
        ? `the page background (${PAGE_BG})`
        : `colors.${key} (${value(key as keyof BrandColors)})`;
  return CONTRAST_RULES.flatMap(([text, on, min]) => {
    const ratio = contrastRatio(value(text), value(on));
    return ratio >= min
      ? []
      : [`colors.${text}: contrast ${ratio.toFixed(2)}:1 on ${name(on)} is below WCAG AA ${min}:1`];
  });
}

// ---- Logo -------------------------------------------------------------------------------------

const LOGO_MAX_BYTES = 64 * 1024;

/** What an SVG served as the logo may not hold: anything that runs, loads or expands. */
const UNSAFE_SVG: [RegExp, string][] = [
  [/<script\b/i, 'a <script> element'],
  [/<foreignObject\b/i, 'a <foreignObject> element'],
  [/\son[a-z]+\s*=/i, 'an event handler attribute (on...=)'],
  [/<!ENTITY|<!DOCTYPE/i, 'a DOCTYPE or entity declaration'],
  [
    /(?:href|src)\s*=\s*["']\s*(?!#)/i,
    'a link to anything outside the file (only #fragment hrefs)',
  ],
  [/url\(\s*["']?\s*(?!#)/i, 'a url() outside the file'],
  [/@import\b/i, 'a CSS @import'],
  [/javascript:/i, 'a javascript: URL'],
];

/** Reads and checks the logo: a small SVG with nothing that runs or loads something. */
function readLogo(file: string): Buffer | string {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return `logo: no readable file at ${file}`;
  }
  if (size > LOGO_MAX_BYTES) return `logo: ${file} is over ${LOGO_MAX_BYTES / 1024} KB`;
  const svg = readFileSync(file);
  const text = svg.toString('utf8');
  const body = text.replace(/^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/, '');
  if (!/^<svg\b[^>]*\bxmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(body))
    return `logo: ${file} is not an SVG image (an <svg xmlns="http://www.w3.org/2000/svg"> root)`;
  if (!/\bviewBox\s*=/.test(body.slice(0, body.indexOf('>'))))
    return `logo: ${file} needs a viewBox on its <svg> (it is drawn 32 by 32)`;
  for (const [pattern, what] of UNSAFE_SVG)
    if (pattern.test(body)) return `logo: ${file} holds ${what}`;
  return svg;
}

// ---- Loading ----------------------------------------------------------------------------------

/** Reads BRAND_FILE, applies the environment's single-field overrides, and checks it all. */
export function loadBrand(brandFile: string, env: BrandEnv): LoadedBrand {
  const where = `BRAND_FILE (${brandFile})`;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(brandFile, 'utf8'));
  } catch (error) {
    const why =
      (error as NodeJS.ErrnoException).code === undefined
        ? 'is not valid JSON'
        : 'is not a readable file';
    throw fail([`  ${where}: ${why}`]);
  }
  const overrides: Record<string, string> = {};
  for (const [variable, field] of Object.entries(BRAND_ENV))
    if (env[variable as keyof BrandEnv] !== undefined)
      overrides[field] = env[variable as keyof BrandEnv]!;
  const merged =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? { ...raw, ...overrides } : raw;
  const parsed = brandFileSchema.safeParse(merged);
  if (!parsed.success) {
    const envName = (field: unknown) =>
      Object.entries(BRAND_ENV).find(([, f]) => f === field && overrides[f] !== undefined)?.[0];
    throw fail(
      parsed.error.issues.map((i) => {
        const field = i.path.join('.');
        const variable = i.path.length === 1 ? envName(i.path[0]) : undefined;
        return variable
          ? `  ${variable}: ${i.message}`
          : `  ${where}: ${field ? `${field}: ` : ''}${i.message}`;
      }),
    );
  }
  const file = parsed.data;
  const colors = completeColors(file.colors);
  const problems = contrastProblems(colors);
  const logo = readLogo(path.resolve(path.dirname(brandFile), file.logo));
  if (typeof logo === 'string') problems.push(logo);
  if (problems.length > 0) throw fail(problems.map((p) => `  ${where}: ${p}`));
  const svg = logo as Buffer;
  const version = createHash('sha256').update(svg).digest('base64url').slice(0, 16);
  return {
    brand: {
      providerName: file.providerName,
      abn: file.abn,
      address: file.address,
      productPrefix: file.productPrefix,
      helpPhone: file.helpPhone,
      salesPhone: file.salesPhone,
      faultsPhone: file.faultsPhone,
      tollFreePhone: file.tollFreePhone,
      localPhone: file.localPhone,
      internationalPhone: file.internationalPhone,
      whatsappPhone: file.whatsappPhone,
      websiteUrl: file.websiteUrl,
      signUpUrl: file.signUpUrl,
      appStoreUrl: file.appStoreUrl,
      playStoreUrl: file.playStoreUrl,
      liveChatLicense: file.liveChatLicense,
      colors,
      logoUrl: `${BRAND_LOGO_PATH}?v=${version}`,
    },
    mailFrom: file.mailFrom ?? `${file.providerName} <noreply@example.com>`,
    smsFrom:
      file.smsFrom ?? (file.providerName.replace(/[^A-Za-z0-9]/g, '').slice(0, 11) || 'Portal'),
    logo: { svg, etag: `"${version}"` },
  };
}

/** The brand colours as CSS custom properties, for a <style> in the page's head. */
export function brandStyle(
  colors: BrandColors,
  properties: Record<keyof BrandColors, string>,
): string {
  const declarations = (Object.keys(properties) as (keyof BrandColors)[])
    .map((key) => `${properties[key]}:${colors[key]}`)
    .join(';');
  // ':root:root' outranks app.css's ':root' whichever stylesheet comes first. The info colours
  // follow the brand's primary, as in app.css.
  return `:root:root{${declarations};--color-info:${colors.primary};--color-info-bg:${colors.primaryTint}}`;
}
