import type { GuideCategory } from '@outpost/domain/guides-rules';
import { messages } from '@outpost/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { guidesQueryOptions, useGuides } from '../api/get-guides';
import { useGuideSearch } from '../hooks/use-guide-search';
import { GuideCategoryList, GuidesSkeleton } from './guide-category-list';
import { SupportLayout } from './support-layout';
import './guides.css';
import { LoadingState } from '@/components/loading-state';

/**
 * /support/guides (spec 3 sections 2.7, 5 and 9): search (sent 500 ms after the last keystroke,
 * only above 2 characters), 'Filter by category', each category's first 5 guides and 'Show N
 * more'. The keyword and the category live in the address (?s=, ?c=), so Back from a guide
 * returns to the same list. The last results stay while a new search loads: nothing jumps.
 */
export function GuidesPage() {
  const [params, setParams] = useSearchParams();
  const { text, setText, keyword } = useGuideSearch(params.get('s') ?? '');
  const [category, setCategory] = useState(params.get('c') ?? '');
  const guides = useGuides(keyword);
  // The filter offers every category, also while a search shows only some (cached: no extra trip).
  const all = useQuery(guidesQueryOptions(''));

  useEffect(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (keyword) next.set('s', keyword);
        else next.delete('s');
        if (category) next.set('c', category);
        else next.delete('c');
        return next;
      },
      { replace: true },
    );
  }, [keyword, category, setParams]);

  const options: GuideCategory[] = all.data ?? guides.data ?? [];
  const shown = (guides.data ?? []).filter((c) => !category || c.id === category);
  const searching = guides.isFetching && guides.isPlaceholderData;

  return (
    <SupportLayout title="Guides">
      <form className="guides__tools" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="guides-search">Search guides</label>
          <input
            id="guides-search"
            type="search"
            value={text}
            maxLength={100}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="guides-category">Filter by category</label>
          <select
            id="guides-category"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
          >
            <option value="">All categories</option>
            {options.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
            {category && !options.some((c) => c.id === category) && (
              <option value={category}>{category}</option>
            )}
          </select>
        </div>
      </form>
      <p className="guides__status" role="status" aria-live="polite">
        {searching ? 'Searching…' : ''}
      </p>
      <div className="guides__results" aria-busy={guides.isFetching}>
        {guides.isPending ? (
          <LoadingState placeholder={<GuidesSkeleton />} />
        ) : guides.isError ? (
          <LoadError
            error={messages.banner.loadData}
            onRetry={() => void guides.refetch()}
            resetKey={guides.errorUpdatedAt}
          />
        ) : shown.length === 0 ? (
          <EmptyState
            title={messages.guides.noEntries}
            action={
              keyword || category ? (
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => {
                    setText('');
                    setCategory('');
                  }}
                >
                  Show all guides
                </button>
              ) : (
                <Link to="/support/contact" className="button button--primary">
                  Contact us
                </Link>
              )
            }
          >
            <p>
              {keyword || category
                ? 'No guide matches your search. Try other words or all categories, or contact us.'
                : 'There are no guides yet. Our team can help you directly.'}
            </p>
          </EmptyState>
        ) : (
          <GuideCategoryList key={keyword} categories={shown} />
        )}
      </div>
    </SupportLayout>
  );
}
