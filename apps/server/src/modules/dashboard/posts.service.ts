import { and, desc, eq, sql } from 'drizzle-orm';
import type { BlogSummary } from '@outpost/contracts/dashboard';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { posts } from '../content/content.schema';
import { guides } from '../support/support.schema';

type PostRow = {
  slug: string;
  title: string;
  excerpt: string;
  categories: string[] | null;
  published_at: Date | string;
  featured_image: string | null;
  body?: string;
};

const toSummary = (p: PostRow): BlogSummary => ({
  slug: p.slug,
  title: p.title,
  excerpt: p.excerpt,
  categories: p.categories ?? [],
  date: new Date(p.published_at).toISOString(),
  featured_image: p.featured_image,
});

const postColumns = sql`p.slug, p.title, p.excerpt, p.published_at, p.featured_image,
  (select array_agg(c.label order by c.label) from post_category_links l
     join post_categories c on c.id = l.category_id where l.post_id = p.id) as categories`;

/** The news posts, newest first (of one category when given), and the categories in use. */
export async function listPosts(db: Db, category: string | null) {
  const [items, categories] = await Promise.all([
    queryRows<PostRow>(
      db,
      sql`select ${postColumns} from posts p
           where ${category}::text is null or exists (
             select 1 from post_category_links l join post_categories c on c.id = l.category_id
              where l.post_id = p.id and c.label = ${category})
           order by p.published_at desc, p.id desc`,
    ),
    queryRows<{ id: number; label: string }>(
      db,
      sql`select id, label from post_categories c
           where exists (select 1 from post_category_links l where l.category_id = c.id)
           order by label`,
    ),
  ]);
  return { items: items.map(toSummary), categories };
}

/** The five newest posts' titles. */
export function latestPosts(db: Db) {
  return db
    .select({ slug: posts.slug, title: posts.title, excerpt: posts.excerpt })
    .from(posts)
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(5);
}

/** One post with its body, or undefined. */
export async function postBySlug(
  db: Db,
  slug: string,
): Promise<(BlogSummary & { body: string }) | undefined> {
  const [post] = await queryRows<PostRow>(
    db,
    sql`select ${postColumns}, p.body from posts p where p.slug = ${slug}`,
  );
  return post ? { ...toSummary(post), body: post.body ?? '' } : undefined;
}

/** A public page (legal texts), or undefined. */
export async function publicPage(db: Db, slug: string) {
  const [page] = await db
    .select({ title: guides.title, body: guides.body })
    .from(guides)
    .where(and(eq(guides.slug, slug), guides.public));
  return page;
}
