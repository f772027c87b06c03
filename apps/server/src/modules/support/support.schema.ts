import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Support guides and legal texts (privacy policy, terms), edited by the provider as Markdown
 * (`content/guides`, `content/pages`; docs/decisions/009 and 018).
 */
export const guides = pgTable(
  'guides',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    /** HTML body; the client sanitises it before display. */
    body: text('body').notNull(),
    /** A page's group ('Legal', 'Help'); a guide's `guide_categories.id`. */
    category: text('category').notNull().default('General'),
    /**
     * 'page' (a legal or help page, never in the guides list), 'guide' (opens its page) or
     * 'link' (a download opened in a new tab).
     */
    type: text('type').notNull().default('page'),
    download: text('download'),
    /** Legal and help pages anyone may read (footer links work logged out). */
    public: boolean('public').notNull().default(false),
    /** Order within its category (then title). */
    position: integer('position').notNull().default(100),
    /**
     * What the guide search matches and ranks (docs/decisions/018): the title weighted A, the
     * body's text (tags stripped) weighted B, English stemming. Works on PGlite and PostgreSQL.
     */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, regexp_replace(body, '<[^>]*>', ' ', 'g')), 'B')`,
      ),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guides_search_idx').using('gin', t.search)],
);

/** The guides list's categories, in the order `content/guides/categories.md` gives them. */
export const guideCategories = pgTable('guide_categories', {
  /** A short stable name ('billing'): the 'Filter by category' value. */
  id: text('id').primaryKey(),
  label: text('label').notNull().unique(),
  position: integer('position').notNull(),
});
