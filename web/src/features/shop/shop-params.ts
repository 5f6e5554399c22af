import type { ProductSort, ShopCategory, ShopPlatform } from '../../gql/graphql';

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

function oneOf<T extends string>(value: string | null, options: { value: T | '' }[]): T | undefined {
  return options.find((o) => o.value !== '' && o.value === value)?.value || undefined;
}

/** Reads the view from the query string; unknown values fall back to "All" and page 1. */
/** The longest search the gateway takes. */
export const SEARCH_MAX_LENGTH = 100;

export function readShopView(params: URLSearchParams): ShopView {
  const page = Number(params.get('page'));
  return {
    // the shop searches at most SEARCH_MAX_LENGTH characters (the server's limit): a longer shared link is cut there
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
    category: oneOf(params.get('category'), CATEGORY_OPTIONS),
    platform: oneOf(params.get('platform'), PLATFORM_OPTIONS),
    sort: oneOf(params.get('sort'), SORT_OPTIONS),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * The query string for a change of view. Any change other than the page itself goes back to
 * page 1; "All", an empty search and page 1 are left out to keep links short.
 */
export function writeShopView(current: ShopView, change: Partial<ShopView>): URLSearchParams {
  const next: ShopView = { ...current, ...change };
  if (!('page' in change)) next.page = 1;
  const params = new URLSearchParams();
  if (next.q.trim()) params.set('q', next.q);
  if (next.category) params.set('category', next.category);
  if (next.platform) params.set('platform', next.platform);
  if (next.sort) params.set('sort', next.sort);
  if (next.page > 1) params.set('page', String(next.page));
  return params;
}
