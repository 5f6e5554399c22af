import { useLocation } from 'react-router-dom';

/** What a link from the shop to a product carries: the shop's view (search, filters, sort, page) as its URL had it. */
type FromShop = { shopSearch?: unknown };

/** The state for a link to a product page: opened from the shop, its view, so Back to Shop returns to it. */
export function useProductLinkState(): FromShop | undefined {
  const { pathname, search } = useLocation();
  return pathname === '/shop' ? { shopSearch: search } : undefined;
}

/**
 * Where a product page's Back to Shop goes: the shop's view it was opened from (kept in the history entry, so also
 * after a reload), or the whole shop when it was opened otherwise (the home page, a typed or shared address).
 */
export function useBackToShopPath(): string {
  const state = useLocation().state as FromShop | null;
  const search = state?.shopSearch;
  return typeof search === 'string' && search.startsWith('?') ? `/shop${search}` : '/shop';
}
