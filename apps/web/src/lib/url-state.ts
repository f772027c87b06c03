import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A view-state change: a value sets its parameter, null removes it. */
export type ParamChanges = Readonly<Record<string, string | null>>;

/** The search parameters with `changes` applied (the others kept). */
export function withParams(current: URLSearchParams, changes: ParamChanges): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  return params;
}

/**
 * The one URL writer for view state that should survive a reload (the chosen service, tab, chart,
 * page): it replaces the history entry (a tab click is not a page to go Back to) and keeps the
 * scroll position.
 */
export function useUrlState(): [URLSearchParams, (changes: ParamChanges) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const update = useCallback(
    (changes: ParamChanges) =>
      setSearchParams((current) => withParams(current, changes), {
        replace: true,
        preventScrollReset: true,
      }),
    [setSearchParams],
  );
  return [searchParams, update];
}
