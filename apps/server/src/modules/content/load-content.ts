import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import matter from 'gray-matter';
import { marked } from 'marked';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { queryRows, withTransaction } from '../../db/client';
import { unknownPlaceholders } from './brand-placeholders';

/**
 * Content lives in the database and is edited as Markdown files (a provider changes text without
 * touching code): `posts/*.md` are news posts, `pages/*.md` guides and legal pages, each with YAML
 * front matter. Loading upserts by slug, so running it again changes nothing. The provider's
 * contact details are written as placeholders (`{{faultsPhone}}`), filled when served.
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

export class ContentError extends Error {}

function markdownFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.md'))
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

export async function loadContent(db: Db, dir: string): Promise<{ posts: number; pages: number }> {
  // Read and check every file first: one bad file loads nothing.
  const posts = markdownFiles(path.join(dir, 'posts')).map((f) => read(f, postMatter));
  const pages = markdownFiles(path.join(dir, 'pages')).map((f) => read(f, pageMatter));
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
      await tx.execute(sql`insert into guides (slug, title, body, category, public, updated_at)
          values (${meta.slug}, ${meta.title}, ${html}, ${meta.category}, ${meta.public}, now())
          on conflict (slug) do update set title = excluded.title, body = excluded.body,
            category = excluded.category, public = excluded.public, updated_at = now()`);
  });
  return { posts: posts.length, pages: pages.length };
}
