import { eq, sql } from 'drizzle-orm';
import type { GuideCategory, GuideType } from '@outpost/domain/guides-rules';
import { guideSearchKeyword } from '@outpost/domain/guides-rules';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { guides } from './support.schema';

type GuideRow = {
  category_id: string;
  label: string;
  type: GuideType;
  title: string;
  slug: string;
  download: string | null;
};

/** At most this many words of a keyword count (the rest is ignored). */
const MAX_WORDS = 8;

/**
 * The words of a keyword as a prefix query ('sat dish' -> 'sat:* & dish:*'): each word, stemmed
 * by the English configuration, must begin a word of the guide, so a half-typed word matches.
 * Only letters and digits pass, so nothing the user types is read as query syntax.
 */
export function prefixQuery(keyword: string): string {
  const words = keyword.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .slice(0, MAX_WORDS)
    .map((word) => `${word}:*`)
    .join(' & ');
}

/**
 * Weights of the D, C, B and A labels for ts_rank: the title (A) counts five times the body (B),
 * so a guide whose title matches ranks above one that only mentions the words.
 */
const RANK_WEIGHTS = sql`'{0.05, 0.1, 0.2, 1.0}'::float4[]`;

/**
 * The guides list (spec 3 sections 3 and 7; docs/decisions/018): support guides only (never the
 * legal and help pages), grouped by category. Without a keyword (or with one of fewer than 3
 * characters, which the client never sends) every guide, categories and guides in the provider's
 * order; with one, the matching guides by rank, the category of the best match first.
 */
export async function listGuides(db: Db, rawKeyword: string | undefined): Promise<GuideCategory[]> {
  const keyword = guideSearchKeyword(rawKeyword ?? '');
  let rows: GuideRow[];
  if (keyword === '') {
    rows = await queryRows<GuideRow>(
      db,
      sql`select c.id as category_id, c.label, g.type, g.title, g.slug, g.download
          from guides g join guide_categories c on c.id = g.category
          where g.type in ('guide', 'link')
          order by c.position, g.position, g.title`,
    );
  } else {
    const prefix = prefixQuery(keyword);
    if (prefix === '') return [];
    // The prefix query finds; whole words (plainto_tsquery) add to the rank, so 'bill' puts a
    // guide about bills above one about billing codes.
    rows = await queryRows<GuideRow>(
      db,
      sql`select c.id as category_id, c.label, g.type, g.title, g.slug, g.download
          from guides g join guide_categories c on c.id = g.category,
               to_tsquery('english', ${prefix}) as prefix,
               plainto_tsquery('english', ${keyword}) as words
          where g.type in ('guide', 'link') and g.search @@ prefix
          order by ts_rank(${RANK_WEIGHTS}, g.search, prefix)
                   + ts_rank(${RANK_WEIGHTS}, g.search, words) desc,
                   c.position, g.position, g.title`,
    );
  }
  const categories = new Map<string, GuideCategory>();
  for (const row of rows) {
    let category = categories.get(row.category_id);
    if (!category) {
      category = { label: row.label, id: row.category_id, items: [] };
      categories.set(row.category_id, category);
    }
    category.items.push({
      type: row.type,
      title: row.title,
      slug: row.slug,
      download: row.download,
    });
  }
  return [...categories.values()];
}

/** One guide's title and body, or undefined. */
export async function guideBySlug(db: Db, slug: string) {
  const [guide] = await db
    .select({ title: guides.title, body: guides.body })
    .from(guides)
    .where(eq(guides.slug, slug));
  return guide;
}
