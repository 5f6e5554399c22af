import { startTransition, useCallback, useEffect, useEffectEvent, useOptimistic, useRef } from 'react';
import { useLocation, useNavigationType, useSearchParams, type NavigateOptions } from 'react-router-dom';

/** The highest page the gateway takes (its PageNumber rule): a link past it would fail the list instead of showing it. */
const MAX_PAGE = 1_000_000;

/** A page number from the URL: anything but a whole number from 1 to MAX_PAGE is page 1. */
export function readPage(value: string | null): number {
  const page = value && /^\d+$/.test(value) ? Number(value) : 1;
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** A search from the URL, at most `max` characters (the server's limit: a longer one would fail the list). */
export function readSearch(value: string | null, max: number): string {
  return (value ?? '').slice(0, max).trim();
}

/** The one of `values` the URL names; undefined (the default) for a missing, empty or unknown value. */
export function oneOf<T extends string>(value: string | null, values: readonly (T | '')[]): T | undefined {
  return values.find((v): v is T => v !== '' && v === value);
}

/**
 * How a list's view is kept in the URL query, so a reload, Back or a shared link shows it again. `read` takes it
 * from a query (a missing, unknown or out-of-range value is the default); `write` gives each of its parameters' value,
 * undefined for a default, which is left out to keep links short.
 */
export type UrlView<V extends { page: number }> = {
  read: (params: URLSearchParams) => V;
  write: (view: V) => Record<string, string | undefined>;
};

/**
 * Whether `params` name a view other than the default (values the list takes and would keep in its links): a page
 * opens a folded list for a link to a view of it.
 */
export function namesView<V extends { page: number }>(params: URLSearchParams, view: UrlView<V>): boolean {
  return Object.values(view.write(view.read(params))).some((value) => value !== undefined);
}

/**
 * The query for a change of view: `params` with the view's parameters rewritten, in the view's order after any other
 * (the profile's tab), so one view has one link. Any change other than the page itself goes back to page 1.
 */
export function changeView<V extends { page: number }>(
  params: URLSearchParams,
  view: UrlView<V>,
  change: Partial<V>,
): URLSearchParams {
  const next = { ...view.read(params), ...change };
  if (!('page' in change)) next.page = 1;
  const entries = Object.entries(view.write(next));
  const query = new URLSearchParams(params);
  for (const [key] of entries) query.delete(key);
  for (const [key, value] of entries) if (value !== undefined) query.set(key, value);
  return query;
}

/** How a view changes: a navigation's options, or `typed` for a search as it is typed (see useUrlView). */
export type ViewChangeOptions = NavigateOptions | 'typed';

/** The history state of an entry a typed search made. */
const TYPED = { typedSearch: true } as const;
const madeByTyping = (state: unknown) => (state as Partial<typeof TYPED> | null)?.typedSearch === true;

/**
 * A view kept in the URL, and the function that changes it (a push unless told `replace`). A change may be worked
 * out from the view as it is then (a sort header toggling its direction).
 *
 * A search box's change is `typed`: the first one pushes, so Back goes to the list as it was before the search; the
 * next ones, typed on in the same box, replace that entry, so Back does not step through every pause in the typing.
 * An entry reached by Back or Forward (or a reload) is left as it was: typing there pushes again, which drops the
 * Forward entries as any new navigation does.
 *
 * A change shows at once, and the URL follows. The router renders a navigation in a transition: a list reading its view
 * from the URL alone rendered the old view and the new one in turn (its query's loading state is an urgent render, which
 * still has the old URL), Apollo asking again for each one's variables; in the web tests a page turn was asked for over
 * and over and never showed. So the change is an optimistic value of the URL's query, in the same transition as the
 * navigation: it shows until that navigation is rendered, and from then on the URL is what shows, whatever it is (a
 * Back pressed meanwhile, two changes that came back to where they started).
 */
export function useUrlView<V extends { page: number }>(
  view: UrlView<V>,
): [V, (change: Partial<V> | ((current: V) => Partial<V>), options?: ViewChangeOptions) => void] {
  const [params, setParams] = useSearchParams();
  const entryState: unknown = useLocation().state;
  const arrivedBy = useNavigationType();
  const [shown, show] = useOptimistic(params.toString());
  // What a change builds on: the last one made, even when two come before a render (a search as a filter is picked).
  const latest = useRef(shown);
  useEffect(() => {
    latest.current = shown;
  }, [shown]);
  // Whether the entry a change leaves was made by the typing going on: the last change's, or the entry's as the history
  // has it, unless it was come back to.
  const typingEntry = madeByTyping(entryState) && arrivedBy !== 'POP';
  const onTypedEntry = useRef(typingEntry);
  useEffect(() => {
    onTypedEntry.current = typingEntry;
  }, [typingEntry]);
  const update = useCallback(
    (change: Partial<V> | ((current: V) => Partial<V>), options?: ViewChangeOptions) => {
      const base = new URLSearchParams(latest.current);
      const next = changeView(base, view, typeof change === 'function' ? change(view.read(base)) : change);
      const nextQuery = next.toString();
      if (nextQuery === latest.current) return;
      const typed = options === 'typed';
      const navigation = typed ? { replace: onTypedEntry.current, state: TYPED } : options;
      latest.current = nextQuery;
      onTypedEntry.current = typed;
      startTransition(() => {
        show(nextQuery);
        setParams(next, navigation);
      });
    },
    [setParams, show, view],
  );
  return [view.read(new URLSearchParams(shown)), update];
}

/**
 * Shows the last page in place of an empty page past the first, replacing that page's entry in the history: its last
 * row left the list (cancelled, delivered, deleted), or a link is past the end. `shown` is the page as loaded (undefined
 * while it is not), `turnPage` the list's own page change.
 */
export function useLastPageInstead(
  page: number,
  shown: { rows: number; totalPages: number } | undefined,
  turnPage: (page: number, options: NavigateOptions) => void,
) {
  const emptyPastFirst = shown !== undefined && shown.rows === 0 && page > 1;
  const lastPage = Math.max(1, Math.min(page - 1, shown?.totalPages ?? 0));
  const turn = useEffectEvent(turnPage);
  useEffect(() => {
    if (emptyPastFirst) turn(lastPage, { replace: true });
  }, [emptyPastFirst, lastPage]);
}
