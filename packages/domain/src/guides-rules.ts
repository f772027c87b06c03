/**
 * Guide rules both sides share, without zod (the web bundle imports them; spec 3 sections 5
 * and 9, docs/decisions/018).
 */

/** Guides shown per category before 'Show N more'. */
export const GUIDES_PER_CATEGORY = 5;

/** The pause after the last keystroke before the search is sent. */
export const GUIDE_SEARCH_DELAY_MS = 500;

/** A keyword is sent only when longer than 2 characters; shorter ones search nothing. */
export const GUIDE_SEARCH_MIN_LENGTH = 3;

/** The longest keyword the server accepts. */
export const GUIDE_SEARCH_MAX_LENGTH = 100;

/** The keyword to send for what the box holds, or '' for the whole list. */
export function guideSearchKeyword(input: string): string {
  const keyword = input.trim().replace(/\s+/g, ' ');
  return keyword.length >= GUIDE_SEARCH_MIN_LENGTH ? keyword : '';
}

/** A guide opens its page; a link opens its download (a PDF) in a new tab. */
export const GUIDE_TYPES = ['guide', 'link'] as const;
export type GuideType = (typeof GUIDE_TYPES)[number];

export type GuideItem = {
  type: GuideType;
  title: string;
  slug: string;
  /** The download URL of a link (absolute, or a path on this site); null for a guide. */
  download: string | null;
};

/** Spec 3 section 3: Guide category {label, id, items}. */
export type GuideCategory = { label: string; id: string; items: GuideItem[] };
