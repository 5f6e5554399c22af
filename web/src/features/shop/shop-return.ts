import { useLocation } from 'react-router-dom';

/** What a link from the shop to a product carries: the shop's view (search, filters, sort, page) as its URL had it. */
type FromShop = { shopSearch?: unknown };

/**
 * The state for a link to a product page (or its edit form): opened from the shop, its view, so Back to Shop returns
 * to it; from a page that was opened from the shop, the view it came with.
 */
export function useProductLinkState(): FromShop | undefined {
  const { pathname, search } = useLocation();
  const passedOn = useShopViewState();
  return pathname === '/shop' ? { shopSearch: search } : passedOn;
}

/** The shop's view this page was opened from, to pass on to the next (a product's edit form, and back), if any. */
function useShopViewState(): FromShop | undefined {
  const search = (useLocation().state as FromShop | null)?.shopSearch;
  return typeof search === 'string' && search.startsWith('?') ? { shopSearch: search } : undefined;
}

/**
 * Where a product page's Back to Shop goes: the shop's view it was opened from (kept in the history entry, so also
 * after a reload), or the whole shop when it was opened otherwise (the home page, a typed or shared address).
 */
export function useBackToShopPath(): string {
  return `/shop${useShopViewState()?.shopSearch ?? ''}`;
}
