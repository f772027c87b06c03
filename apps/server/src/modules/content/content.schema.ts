import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** News posts, loaded from Markdown files by `npm run content:load` (HTML body, sanitised client-side). */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    body: text('body').notNull(),
    featuredImage: text('featured_image'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('posts_published_idx').on(t.publishedAt)],
);

export const postCategories = pgTable('post_categories', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  label: text('label').notNull().unique(),
});

export const postCategoryLinks = pgTable(
  'post_category_links',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => postCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.categoryId] })],
);
