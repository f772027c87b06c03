import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Support guides and legal texts (privacy policy, terms), edited by the provider. */
export const guides = pgTable('guides', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  /** HTML body; the client sanitises it before display. */
  body: text('body').notNull(),
  category: text('category').notNull().default('General'),
  /** 'page' or 'link' (a download opened in a new tab). */
  type: text('type').notNull().default('page'),
  download: text('download'),
  /** Legal and help pages anyone may read (footer links work logged out). */
  public: boolean('public').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
