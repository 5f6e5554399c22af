import { useEffect, useRef } from 'react';
import { announce } from './announce';

/** A list's page as loaded: its rows, its place among the pages, and the whole count where the server gives it. */
export type ResultsShown = { rows: number; page: number; totalPages: number; total?: number };

/** What a list's results are called, one and many ('reservation', 'reservations'), and none where it has a phrase. */
export type ResultsWords = { one: string; many: string; none?: string };

/**
 * '12 reservations, page 2 of 3', '3 orders', '0 bookings' (or the list's `none`); 'Page 2 of 4' where the count is not
 * known (more pages than one, and no total from the server).
 */
export function resultsText(shown: ResultsShown, words: ResultsWords): string {
  const total = shown.total ?? (shown.totalPages <= 1 ? shown.rows : undefined);
  if (total === undefined) return `Page ${shown.page} of ${shown.totalPages}`;
  if (total === 0 && words.none) return words.none;
  const counted = `${total} ${total === 1 ? words.one : words.many}`;
  return shown.totalPages > 1 ? `${counted}, page ${shown.page} of ${shown.totalPages}` : counted;
}

/**
 * Tells screen readers what a search, filter or page change of a list found: the list changes away from the control
 * they are on (WCAG 4.1.3). `view` names what is asked for (the list's variables); `shown` is its page once loaded for
 * that view, undefined while it loads. Said only for a view the visitor asked for:
 * - not the first one, read with the page;
 * - not the same view read again (after a cancel, say): the action says what it did;
 * - not a page past the end (the list puts its last page in its place), and not that last page either when the page
 *   gone was the arrival's, or the view last said read again (an action took its last row, and says so itself: saying
 *   the page would cut that off, as each announcement replaces the last). After Next onto a page gone meanwhile, the
 *   page the list goes back to is said.
 */
export function useAnnounceResults(view: string, shown: ResultsShown | undefined, words: ResultsWords): void {
  // The view last said or passed over (null: none yet); the page past the end last seen; whether the page put in its
  // place is to be passed over too.
  const said = useRef<string | null>(null);
  const pastTheEnd = useRef<string | null>(null);
  const quiet = useRef(false);
  const { one, many, none } = words;
  useEffect(() => {
    if (!shown) return;
    if (shown.page > 1 && shown.rows === 0) {
      if (pastTheEnd.current === view) return;
      pastTheEnd.current = view;
      quiet.current = said.current === null || said.current === view;
      said.current = view;
      return;
    }
    pastTheEnd.current = null;
    if (said.current === view) return;
    const silent = said.current === null || quiet.current;
    said.current = view;
    quiet.current = false;
    if (!silent) announce(resultsText(shown, { one, many, none }));
  }, [view, shown, one, many, none]);
}
