import { useEffect, useRef } from 'react';
import { announce } from './announce';

/** A list's page as loaded: its rows, its place among the pages, and the whole count where the server gives it. */
export type ResultsShown = { rows: number; page: number; totalPages: number; total?: number };

/** What a list's name is, one and many: 'reservation', 'reservations'. */
export type ResultsNoun = { one: string; many: string };

/**
 * '12 reservations, page 2 of 3', '3 orders', '0 bookings'; 'Page 2 of 4' where the count is not known (more pages
 * than one, and no total from the server). Not the list's own empty text, which shows on the page as it is said.
 */
export function resultsText(shown: ResultsShown, noun: ResultsNoun): string {
  const total = shown.total ?? (shown.totalPages <= 1 ? shown.rows : undefined);
  if (total === undefined) return `Page ${shown.page} of ${shown.totalPages}`;
  const counted = `${total} ${total === 1 ? noun.one : noun.many}`;
  return shown.totalPages > 1 ? `${counted}, page ${shown.page} of ${shown.totalPages}` : counted;
}

/**
 * Tells screen readers what a search, filter or page change of a list found: the list changes away from the control
 * they are on (WCAG 4.1.3), as the shop says its results. `view` names what is asked for (the list's variables);
 * `shown` is its page once loaded for that view, undefined while it loads. The first view is read with the page, and
 * the same view read again (after a cancel, say) says nothing: the action says what it did.
 */
export function useAnnounceResults(view: string, shown: ResultsShown | undefined, noun: ResultsNoun): void {
  // the view whose results were last said (null: none yet)
  const said = useRef<string | null>(null);
  const { one, many } = noun;
  useEffect(() => {
    if (!shown || said.current === view) return;
    const first = said.current === null;
    said.current = view;
    if (!first) announce(resultsText(shown, { one, many }));
  }, [view, shown, one, many]);
}
