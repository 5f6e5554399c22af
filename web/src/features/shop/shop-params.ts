import type { ProductSort, ShopCategory, ShopPlatform } from '../../gql/graphql';
import { oneOf, readPage, readSearch, type UrlView } from '../../lib/url-view';

/** The shop's view as the URL query keeps it, so a shared link reproduces it (spec §2, §9). */
export type ShopView = {
  q: string;
  category?: ShopCategory;
  platform?: ShopPlatform;
  sort?: Extract<ProductSort, 'low' | 'high'>;
  page: number;
};

export const CATEGORY_OPTIONS: { value: ShopCategory | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'Games', label: 'Games' },
  { value: 'Accessories', label: 'Accessories' },
  { value: 'Consoles', label: 'Consoles' },
  { value: 'Others', label: 'Others' },
];

export const PLATFORM_OPTIONS: { value: ShopPlatform | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'PS5', label: 'PS5' },
  { value: 'PC', label: 'PC' },
  { value: 'XBox', label: 'XBox' },
  { value: 'Others', label: 'Others' },
];

export const SORT_OPTIONS: { value: 'low' | 'high' | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'low', label: 'Low to High' },
  { value: 'high', label: 'High to Low' },
];

const CATEGORIES = CATEGORY_OPTIONS.map((o) => o.value);
const PLATFORMS = PLATFORM_OPTIONS.map((o) => o.value);
const SORTS = SORT_OPTIONS.map((o) => o.value);

/** The longest search the gateway takes. */
export const SEARCH_MAX_LENGTH = 100;

/** The shop's view in the URL query: unknown values fall back to "All" and page 1, which links leave out. */
export const SHOP_VIEW: UrlView<ShopView> = {
  read: (params) => ({
    // the shop searches at most SEARCH_MAX_LENGTH characters (the server's limit): a longer shared link is cut there
    q: readSearch(params.get('q'), SEARCH_MAX_LENGTH),
    category: oneOf(params.get('category'), CATEGORIES),
    platform: oneOf(params.get('platform'), PLATFORMS),
    sort: oneOf(params.get('sort'), SORTS),
    page: readPage(params.get('page')),
  }),
  write: (view) => ({
    q: view.q || undefined,
    category: view.category,
    platform: view.platform,
    sort: view.sort,
    page: view.page > 1 ? String(view.page) : undefined,
  }),
};
