import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio } from './brand';
import { ConfigError, loadConfig } from './config';
import { paths } from './paths';

/** The brand file start-up check (docs/decisions/030): every refusal names the field at fault. */

const brands = path.join(paths.appRoot, 'content/brands');
const demo = JSON.parse(readFileSync(path.join(brands, 'outpost-demo.json'), 'utf8')) as Record<
  string,
  unknown
> & { colors: Record<string, string> };
const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#123456"/></svg>';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'outpost-brand-'));
  writeFileSync(path.join(dir, 'logo.svg'), LOGO);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** Writes a brand file (the demo one changed by `change`) and loads the config with it. */
function loadWith(change: (b: typeof demo) => unknown, env: Record<string, string> = {}) {
  const file = path.join(dir, `brand-${(n += 1)}.json`);
  writeFileSync(file, JSON.stringify(change(structuredClone({ ...demo, logo: 'logo.svg' }))));
  return loadConfig({ BRAND_FILE: file, ...env });
}

describe('the brand file', () => {
  it('gives the demo brand by default, its logo versioned by its content', () => {
    const config = loadConfig({});
    expect(config.brand.providerName).toBe('Outpost Demo Broadband');
    expect(config.brand.colors.primary).toBe('#0a4f8f');
    expect(config.brand.logoUrl).toMatch(/^\/brand\/logo\.svg\?v=[A-Za-z0-9_-]{16}$/);
    expect(config.brandLogo.svg.toString()).toContain('<svg');
    expect(config.mail.from).toBe('Outpost Demo Broadband <noreply@example.com>');
    expect(config.sms.from).toBe('Outpost');
  });

  it('loads the second demo brand, deriving the shades it leaves out', () => {
    const config = loadConfig({ BRAND_FILE: path.join(brands, 'second-brand.json') });
    expect(config.brand.providerName).toBe('Ridgeline Rural Internet');
    expect(config.brand.productPrefix).toBe('ridgeline');
    expect(config.brand.colors).toMatchObject({ primary: '#1e6b3a', onPrimary: '#ffffff' });
    // Darker for hover, lighter for the tint: each still readable with its text.
    const { primaryHover, primaryTint, primary, onPrimary } = config.brand.colors;
    expect(contrastRatio(onPrimary, primaryHover)).toBeGreaterThan(
      contrastRatio(onPrimary, primary),
    );
    expect(contrastRatio(primary, primaryTint)).toBeGreaterThanOrEqual(4.5);
    expect(config.sms.from).toBe('Ridgeline');
  });

  it('lets a variable override one field, the file giving the rest', () => {
    const config = loadWith((b) => b, { HELP_PHONE: '1300 000 111', PROVIDER_NAME: 'Red Dirt' });
    expect(config.brand.helpPhone).toBe('1300 000 111');
    expect(config.brand.providerName).toBe('Red Dirt');
    expect(config.brand.faultsPhone).toBe('1300 975 709');
    // The senders follow the file, not the overridden name.
    expect(config.mail.from).toBe('Outpost Demo Broadband <noreply@example.com>');
  });

  it('writes every phone number in the one grouping, however it was typed', () => {
    const config = loadWith(
      (b) => ({ ...b, localPhone: '0755501234', tollFreePhone: '1800160401' }),
      {
        HELP_PHONE: '1300000111',
        WHATSAPP_PHONE: '+61491570156',
      },
    );
    expect(config.brand.helpPhone).toBe('1300 000 111');
    expect(config.brand.localPhone).toBe('07 5550 1234');
    expect(config.brand.tollFreePhone).toBe('1800 160 401');
    expect(config.brand.whatsappPhone).toBe('+61 491 570 156');
  });

  it('takes the live chat licence from the file or LIVECHAT_LICENSE', () => {
    expect(loadWith((b) => b).brand.liveChatLicense).toBe('');
    expect(loadWith((b) => ({ ...b, liveChatLicense: '12345678' })).brand.liveChatLicense).toBe(
      '12345678',
    );
    expect(loadWith((b) => b, { LIVECHAT_LICENSE: '87654321' }).brand.liveChatLicense).toBe(
      '87654321',
    );
    expect(() => loadWith((b) => b, { LIVECHAT_LICENSE: 'abc' })).toThrow(
      /LIVECHAT_LICENSE: must be a LiveChat licence id/,
    );
  });

  it('refuses a colour that is not #rrggbb, naming it', () => {
    const load = () => loadWith((b) => ({ ...b, colors: { ...b.colors, primary: 'blue' } }));
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/BRAND_FILE \(.*\): colors\.primary: must be a #rrggbb colour/);
  });

  it('refuses text on the primary colour below WCAG AA contrast', () => {
    const load = () => loadWith((b) => ({ ...b, colors: { ...b.colors, primary: '#4a90d9' } }));
    expect(load).toThrow(
      /colors\.onPrimary: contrast 3\.\d\d:1 on colors\.primary \(#4a90d9\) is below WCAG AA 4\.5:1/,
    );
    // A light primary with white text fails the same way with only the required colours given.
    expect(() =>
      loadWith((b) => ({
        ...b,
        colors: { primary: '#f5c542', onPrimary: '#ffffff', accent: '#1a7fd4' },
      })),
    ).toThrow(/colors\.onPrimary: contrast .* on colors\.primary \(#f5c542\)/);
  });

  it('refuses a logo file that is missing, not an SVG, or holds something that runs', () => {
    expect(() => loadWith((b) => ({ ...b, logo: 'nowhere.svg' }))).toThrow(
      /BRAND_FILE \(.*\): logo: no readable file at .*nowhere\.svg/,
    );
    writeFileSync(path.join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(() => loadWith((b) => ({ ...b, logo: 'logo.png' }))).toThrow(
      /logo: .*logo\.png is not an SVG image/,
    );
    writeFileSync(
      path.join(dir, 'evil.svg'),
      LOGO.replace('</svg>', '<script>alert(1)</script></svg>'),
    );
    expect(() => loadWith((b) => ({ ...b, logo: 'evil.svg' }))).toThrow(
      /logo: .*evil\.svg holds a <script> element/,
    );
    writeFileSync(path.join(dir, 'onload.svg'), LOGO.replace('<circle', '<circle onload="x()"'));
    expect(() => loadWith((b) => ({ ...b, logo: 'onload.svg' }))).toThrow(/event handler/);
    writeFileSync(
      path.join(dir, 'remote.svg'),
      LOGO.replace('<circle', '<image href="https://tracker.example/x.png"/><circle'),
    );
    expect(() => loadWith((b) => ({ ...b, logo: 'remote.svg' }))).toThrow(
      /a link to anything outside the file/,
    );
  });

  it('refuses an unknown field (a typo would otherwise be ignored)', () => {
    expect(() => loadWith((b) => ({ ...b, helpPhonee: '1300 000 000' }))).toThrow(
      /BRAND_FILE \(.*\): Unrecognized key: "helpPhonee"/,
    );
    expect(() =>
      loadWith((b) => ({ ...b, colors: { ...b.colors, primaryColour: '#000000' } })),
    ).toThrow(/colors: Unrecognized key: "primaryColour"/);
  });

  it('refuses a missing field, a file that is not JSON, and a file that is not there', () => {
    expect(() =>
      loadWith((b) => {
        const { abn: _abn, ...rest } = b;
        return rest;
      }),
    ).toThrow(/BRAND_FILE \(.*\): abn: /);
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '{ "providerName": ');
    expect(() => loadConfig({ BRAND_FILE: bad })).toThrow(/BRAND_FILE \(.*\): is not valid JSON/);
    expect(() => loadConfig({ BRAND_FILE: path.join(dir, 'none.json') })).toThrow(
      /BRAND_FILE \(.*\): is not a readable file/,
    );
  });
});
