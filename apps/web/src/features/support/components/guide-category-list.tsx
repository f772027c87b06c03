import type { GuideCategory, GuideItem } from '@outpost/domain/guides-rules';
import { GUIDES_PER_CATEGORY } from '@outpost/domain/guides-rules';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ExternalLink } from '@/components/external-link';

/** The guides list's address (?s=, ?c=), carried to a guide so 'Back to Guides' returns to it. */
export type GuidesLinkState = { guidesSearch: string };

export function isGuidesLinkState(state: unknown): state is GuidesLinkState {
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof (state as Partial<GuidesLinkState>).guidesSearch === 'string' &&
    (state as GuidesLinkState).guidesSearch.startsWith('?')
  );
}

function GuideLink({ item, search }: { item: GuideItem; search: string }) {
  if (item.type === 'link' && item.download)
    return (
      <ExternalLink href={item.download} className="guides__link">
        {item.title}
      </ExternalLink>
    );
  return (
    <Link
      to={`/support/guides/${item.slug}`}
      state={search ? ({ guidesSearch: search } satisfies GuidesLinkState) : undefined}
      className="guides__link"
    >
      {item.title}
    </Link>
  );
}

/** One category: its first 5 guides, then 'Show N more' for the rest (spec 3 section 9). */
function CategorySection({ category }: { category: GuideCategory }) {
  const { search } = useLocation();
  const [expanded, setExpanded] = useState(false);
  const firstHidden = useRef<HTMLLIElement>(null);
  const revealed = useRef(false);
  const items = expanded ? category.items : category.items.slice(0, GUIDES_PER_CATEGORY);
  const more = category.items.length - GUIDES_PER_CATEGORY;

  // The button goes away: focus moves to the first guide it revealed, not to the page's top.
  useEffect(() => {
    if (expanded && revealed.current) {
      revealed.current = false;
      firstHidden.current?.querySelector('a')?.focus();
    }
  }, [expanded]);

  const headingId = `guides-${category.id}`;
  return (
    <section className="guides__category" aria-labelledby={headingId}>
      <h2 id={headingId} className="guides__heading">
        {category.label}
      </h2>
      <ul className="guides__list">
        {items.map((item, i) => (
          <li key={item.slug} ref={i === GUIDES_PER_CATEGORY ? firstHidden : undefined}>
            <GuideLink item={item} search={search} />
          </li>
        ))}
      </ul>
      {!expanded && more > 0 && (
        <button
          type="button"
          className="button button--link guides__more"
          onClick={() => {
            revealed.current = true;
            setExpanded(true);
          }}
        >
          Show {more} more
          <span className="visually-hidden"> in {category.label}</span>
        </button>
      )}
    </section>
  );
}

export function GuideCategoryList({ categories }: { categories: GuideCategory[] }) {
  return (
    <div className="guides__categories">
      {categories.map((category) => (
        <CategorySection key={category.id} category={category} />
      ))}
    </div>
  );
}

/** The list's shape while it loads: two categories of five guides. */
export function GuidesSkeleton() {
  return (
    <div className="guides__categories" role="status" aria-label="Loading guides">
      {[0, 1].map((c) => (
        <div key={c} className="guides__category guides__category--skeleton" aria-hidden="true">
          <span className="skeleton__line skeleton__line--short guides__skeleton-heading" />
          {[0, 1, 2, 3, 4].map((i) => (
            <span key={i} className="skeleton__line guides__skeleton-item" />
          ))}
        </div>
      ))}
    </div>
  );
}
