import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@outpost/contracts/api-paths';
import type { GuideCategory } from '@outpost/domain/guides-rules';
import { ContentError, loadContent } from '../content/load-content';
import type { Session, TestContext } from '../../test/test-app';
import { createTestContext, loginAs } from '../../test/test-app';
import { prefixQuery } from './support.service';

let ctx: TestContext;
let session: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  session = await loginAs(ctx.app, 'limited');
});
afterAll(async () => ctx.close());

async function list(s?: string) {
  const res = await ctx.app.inject({
    url: apiPaths.guides,
    query: s === undefined ? {} : { s },
    headers: { 'x-user-token': session.userToken },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as GuideCategory[];
}

const slugs = (categories: GuideCategory[]) =>
  categories.flatMap((c) => c.items.map((i) => i.slug));

describe('support guide by slug', () => {
  it('returns the privacy policy title and body', async () => {
    const res = await ctx.app.inject({
      url: '/api/portal/support/guides/privacy-policy/',
      headers: { 'x-user-token': session.userToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.title).toBe('Privacy Policy');
    expect(res.json().data.body).toContain('We never sell your information.');
  });

  it('returns a support guide with the brand filled in', async () => {
    const res = await ctx.app.inject({
      url: '/api/portal/support/guides/modem-lights-explained/',
      headers: { 'x-user-token': session.userToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.title).toBe('What the lights on your satellite modem mean');
    expect(res.json().data.body).toContain('<table>');
    expect(res.json().data.body).toContain(
      'Still not solid in clear weather? Call our faults line on 1300 975 709.',
    );
    expect(res.json().data.body).not.toContain('{{');
  });

  it('answers 404 for a guide that does not exist', async () => {
    const res = await ctx.app.inject({
      url: '/api/portal/support/guides/no-such-guide/',
      headers: { 'x-user-token': session.userToken },
    });
    expect(res.statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ url: '/api/portal/support/guides/privacy-policy/' });
    expect(res.statusCode).toBe(401);
  });
});

describe('support guides list', () => {
  it('groups every guide by category, in the content order', async () => {
    const categories = await list();
    expect(categories.map((c) => [c.id, c.label, c.items.length])).toEqual([
      ['getting-started', 'Getting started with satellite', 8],
      ['data-and-usage', 'Data and usage', 4],
      ['billing', 'Billing', 4],
      ['phone', 'Phone', 5],
    ]);
    expect(categories[0]!.items.slice(0, 2)).toEqual([
      {
        type: 'guide',
        title: 'Your first day on satellite broadband',
        slug: 'first-day-on-satellite',
        download: null,
      },
      {
        type: 'link',
        title: 'Satellite quick-start guide (PDF)',
        slug: 'satellite-quick-start-guide',
        download: '/downloads/satellite-quick-start.pdf',
      },
    ]);
  });

  it('never lists the legal and help pages', async () => {
    const all = slugs(await list());
    for (const page of [
      'privacy-policy',
      'outpost-customer-terms',
      'financial-hardship-policy',
      'help-centre',
      'terms-of-use',
      'landline-transfer-terms',
    ])
      expect(all).not.toContain(page);
    // The legal pages mention bills and privacy; a search does not find them either.
    expect(slugs(await list('privacy information'))).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ url: apiPaths.guides, query: { s: 'satellite' } });
    expect(res.statusCode).toBe(401);
  });

  it('ignores a keyword of fewer than 3 characters: the whole list', async () => {
    const all = await list();
    expect(await list('ab')).toEqual(all);
    expect(await list('  a  ')).toEqual(all);
    expect(await list('')).toEqual(all);
  });

  it('refuses a keyword over 100 characters', async () => {
    const res = await ctx.app.inject({
      url: apiPaths.guides,
      query: { s: 'a'.repeat(101) },
      headers: { 'x-user-token': session.userToken },
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers an empty list when nothing matches', async () => {
    expect(await list('xylophone')).toEqual([]);
    expect(await list('!!!')).toEqual([]);
    // Only stop words: nothing to look for.
    expect(await list('the and')).toEqual([]);
  });

  it('ranks a title match above a body-only match', async () => {
    await ctx.database.db.execute(sql`insert into guides (slug, title, body, category, type)
        values ('body-only-wombat', 'Fencing the paddock', ${`<p>${'A wombat dug under it. '.repeat(6)}</p>`},
                'getting-started', 'guide'),
               ('title-wombat', 'Wombat holes near the dish', '<p>Keep cables clear.</p>',
                'phone', 'guide')`);
    const found = await list('wombat');
    // The title match's category comes first, though it comes last without a search.
    expect(found.map((c) => [c.id, slugs([c])])).toEqual([
      ['phone', ['title-wombat']],
      ['getting-started', ['body-only-wombat']],
    ]);
    await ctx.database.db.execute(
      sql`delete from guides where slug in ('body-only-wombat', 'title-wombat')`,
    );
  });

  it('matches the start of a word, every word, with English stemming', async () => {
    // 'sat' finds 'satellite'; the guides about satellite in their title come first.
    const sat = await list('sat');
    expect(slugs(sat)).toContain('rain-fade');
    expect(sat[0]!.items[0]!.title).toMatch(/satellite/i);
    // 'paying' finds 'pay' and 'payment'; both words must match.
    expect(slugs(await list('direct debit'))).toEqual(['direct-debit']);
    expect(slugs(await list('paying')).slice(0, 2)).toEqual(
      expect.arrayContaining(['trouble-paying']),
    );
    // Link items are searched by their title and description too.
    expect(slugs(await list('printable card'))).toEqual(['voip-adapter-set-up-card']);
  });

  it('reads typed punctuation as nothing but word breaks', () => {
    expect(prefixQuery("rain-fade: what's 'this' & | !")).toBe(
      'rain:* & fade:* & what:* & s:* & this:*',
    );
    expect(prefixQuery('!!!')).toBe('');
  });
});

describe('guide content', () => {
  function contentDir(files: Record<string, string>) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'guides-'));
    mkdirSync(path.join(dir, 'guides'));
    for (const [name, text] of Object.entries(files))
      writeFileSync(path.join(dir, 'guides', name), text);
    return dir;
  }
  const categories = '---\ncategories:\n  - id: tips\n    label: Tips\n---\n';

  it('refuses a link without a download, and a guide in no listed category', async () => {
    await expect(
      loadContent(
        ctx.database.db,
        contentDir({
          '_categories.md': categories,
          'a.md': '---\ntitle: A\nslug: a-link\ncategory: tips\ntype: link\n---\nx',
        }),
      ),
    ).rejects.toThrow(/download: a link needs a download/);
    await expect(
      loadContent(
        ctx.database.db,
        contentDir({
          '_categories.md': categories,
          'b.md': '---\ntitle: B\nslug: b-guide\ncategory: nowhere\n---\nx',
        }),
      ),
    ).rejects.toThrow(/no category 'nowhere'/);
  });

  it('refuses a guide whose slug a page already uses', async () => {
    const dir = contentDir({
      '_categories.md': categories,
      'c.md': '---\ntitle: C\nslug: privacy-policy\ncategory: tips\n---\nx',
    });
    mkdirSync(path.join(dir, 'pages'));
    writeFileSync(
      path.join(dir, 'pages', 'privacy-policy.md'),
      '---\ntitle: Privacy\nslug: privacy-policy\n---\nx',
    );
    await expect(loadContent(ctx.database.db, dir)).rejects.toBeInstanceOf(ContentError);
  });

  it('loads a guide folder, and loading it again changes nothing', async () => {
    const dir = contentDir({
      '_categories.md': categories,
      'd.md': '---\ntitle: Dingo fences\nslug: dingo-fences\ncategory: tips\n---\nTall ones.',
    });
    expect(await loadContent(ctx.database.db, dir)).toEqual({ posts: 0, pages: 0, guides: 1 });
    expect(await loadContent(ctx.database.db, dir)).toEqual({ posts: 0, pages: 0, guides: 1 });
    const found = await list('dingo');
    expect(found).toEqual([
      {
        id: 'tips',
        label: 'Tips',
        items: [{ type: 'guide', title: 'Dingo fences', slug: 'dingo-fences', download: null }],
      },
    ]);
  });
});
