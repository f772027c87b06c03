import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import matter from 'gray-matter';
import { marked } from 'marked';
import { z } from 'zod';
import { GUIDE_TYPES } from '@outpost/domain/guides-rules';
import type { Db } from '../../db/client';
import { queryRows, withTransaction } from '../../db/client';
import { unknownPlaceholders } from './brand-placeholders';

/**
 * Content lives in the database and is edited as Markdown files (a provider changes text without
 * touching code): `posts/*.md` are news posts, `pages/*.md` legal and help pages, `guides/*.md`
 * support guides (their categories, in order, in `guides/_categories.md`; docs/decisions/018),
 * each with YAML front matter. Loading upserts by slug, so running it again changes nothing. The
 * provider's contact details are written as placeholders (`{{faultsPhone}}`), filled when served.
 */

const slug = z
  .string()
  .regex(/^[a-z0-9-]{1,120}$/, 'must be lower-case letters, digits and dashes');
const postMatter = z.object({
  title: z.string().min(1).max(200),
  slug,
  date: z.coerce.date(),
  categories: z.array(z.string().min(1).max(60)).min(1),
  excerpt: z.string().min(1).max(400),
  featured_image: z.string().max(500).nullable().optional(),
});
const pageMatter = z.object({
  title: z.string().min(1).max(200),
  slug,
  category: z.string().min(1).max(60).default('General'),
  public: z.boolean().default(false),
});

const categoryId = z
  .string()
  .regex(/^[a-z0-9-]{1,60}$/, 'must be lower-case letters, digits and dashes');
const categoriesMatter = z.object({
  categories: z.array(z.object({ id: categoryId, label: z.string().min(1).max(60) })).min(1),
});
/** A download: an https address, or a path on this site ('/downloads/quick-start.pdf'). */
const download = z
  .string()
  .max(500)
  .regex(/^(https:\/\/[^\s]+|\/[^\s/][^\s]*)$/, 'must be an https address or a /path');
const guideMatter = z
  .object({
    title: z.string().min(1).max(200),
    slug,
    category: categoryId,
    type: z.enum(GUIDE_TYPES).default('guide'),
    download: download.optional(),
    order: z.number().int().min(0).max(10_000).default(100),
  })
  .refine((g) => (g.type === 'link') === (g.download !== undefined), {
    path: ['download'],
    message: 'a link needs a download, a guide has none',
  });

export class ContentError extends Error {}

/** The Markdown files of a folder, except those named '_...' (a folder's settings). */
function markdownFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.md') && !f.startsWith('_'))
      .sort()
      .map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}

function read<T>(file: string, schema: z.ZodType<T>): { meta: T; html: string } {
  const parsed = matter(readFileSync(file, 'utf8'));
  const meta = schema.safeParse(parsed.data);
  if (!meta.success) {
    const issue = meta.error.issues[0]!;
    throw new ContentError(`${file}: ${issue.path.join('.')}: ${issue.message}`);
  }
  const [unknown] = unknownPlaceholders(parsed.content);
  if (unknown) throw new ContentError(`${file}: no brand value {{${unknown}}}`);
  return { meta: meta.data, html: marked.parse(parsed.content, { async: false }) };
}

type Guides = {
  categories: z.infer<typeof categoriesMatter>['categories'];
  guides: { meta: z.infer<typeof guideMatter>; html: string }[];
};

/** `guides/`: the categories file, then each guide, checked against the categories. */
function readGuides(dir: string): Guides {
  const files = markdownFiles(dir);
  const settings = path.join(dir, '_categories.md');
  if (files.length === 0) return { categories: [], guides: [] };
  let categories: Guides['categories'];
  try {
    categories = read(settings, categoriesMatter).meta.categories;
  } catch (error) {
    if (error instanceof ContentError) throw error;
    throw new ContentError(`${settings}: missing (it lists the guide categories)`);
  }
  const ids = new Set(categories.map((c) => c.id));
  if (ids.size !== categories.length) throw new ContentError(`${settings}: a category id twice`);
  const guides = files.map((file) => {
    const guide = read(file, guideMatter);
    if (!ids.has(guide.meta.category))
      throw new ContentError(`${file}: category: no category '${guide.meta.category}'`);
    return guide;
  });
  return { categories, guides };
}

export async function loadContent(
  db: Db,
  dir: string,
): Promise<{ posts: number; pages: number; guides: number }> {
  // Read and check every file first: one bad file loads nothing.
  const posts = markdownFiles(path.join(dir, 'posts')).map((f) => read(f, postMatter));
  const pages = markdownFiles(path.join(dir, 'pages')).map((f) => read(f, pageMatter));
  const { categories, guides } = readGuides(path.join(dir, 'guides'));
  // Pages and guides share one table (and one address space: /support/guides/{slug}).
  const slugs = new Set<string>();
  for (const { meta } of [...pages, ...guides]) {
    if (slugs.has(meta.slug)) throw new ContentError(`slug '${meta.slug}' is used twice`);
    slugs.add(meta.slug);
  }
  await withTransaction(db, async (tx) => {
    for (const { meta, html } of posts) {
      const [post] = await queryRows<{ id: number }>(
        tx,
        sql`insert into posts (slug, title, excerpt, body, featured_image, published_at)
            values (${meta.slug}, ${meta.title}, ${meta.excerpt}, ${html},
                    ${meta.featured_image ?? null}, ${meta.date})
            on conflict (slug) do update set title = excluded.title, excerpt = excluded.excerpt,
              body = excluded.body, featured_image = excluded.featured_image,
              published_at = excluded.published_at
            returning id`,
      );
      await tx.execute(sql`delete from post_category_links where post_id = ${post!.id}`);
      for (const label of meta.categories) {
        const [category] = await queryRows<{ id: number }>(
          tx,
          sql`insert into post_categories (label) values (${label})
              on conflict (label) do update set label = excluded.label returning id`,
        );
        await tx.execute(sql`insert into post_category_links (post_id, category_id)
                             values (${post!.id}, ${category!.id})`);
      }
    }
    for (const { meta, html } of pages)
      await tx.execute(sql`insert into guides (slug, title, body, category, type, public, updated_at)
          values (${meta.slug}, ${meta.title}, ${html}, ${meta.category}, 'page', ${meta.public},
                  now())
          on conflict (slug) do update set title = excluded.title, body = excluded.body,
            category = excluded.category, type = excluded.type, public = excluded.public,
            updated_at = now()`);
    for (const [position, { id, label }] of categories.entries()) {
      // A label moving between ids: free it first (labels are unique).
      await tx.execute(sql`delete from guide_categories where label = ${label} and id <> ${id}`);
      await tx.execute(sql`insert into guide_categories (id, label, position)
          values (${id}, ${label}, ${position})
          on conflict (id) do update set label = excluded.label, position = excluded.position`);
    }
    for (const { meta, html } of guides)
      await tx.execute(sql`insert into guides (slug, title, body, category, type, download,
            public, position, updated_at)
          values (${meta.slug}, ${meta.title}, ${html}, ${meta.category}, ${meta.type},
                  ${meta.download ?? null}, false, ${meta.order}, now())
          on conflict (slug) do update set title = excluded.title, body = excluded.body,
            category = excluded.category, type = excluded.type, download = excluded.download,
            public = false, position = excluded.position, updated_at = now()`);
  });
  return { posts: posts.length, pages: pages.length, guides: guides.length };
}
