import { useEffect } from 'react';

const PRODUCT_NAME = 'Checkpoint';

/**
 * The tab's title names the page ("Shop · Checkpoint"), so tabs, history and bookmarks can be told apart and a screen
 * reader announces where a navigation went (WCAG 2.4.2); an empty title is the product's name alone (home). A page
 * that learns a better name once its data comes (a product's own name) sets it again; `undefined` leaves the title.
 */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title === undefined) return;
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
