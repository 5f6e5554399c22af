import { registerEnumType } from 'type-graphql';
import { ProductCategory, ProductPlatform } from './product.entity';

/** The shop's Category filter (spec §2); "Others" covers merchandise and everything else. */
export enum ShopCategory {
  Games = 'Games',
  Accessories = 'Accessories',
  Consoles = 'Consoles',
  Others = 'Others',
}

/** The shop's Platform filter (spec §2); "Others" is every platform but PS5, PC and XBox. */
export enum ShopPlatform {
  PS5 = 'PS5',
  PC = 'PC',
  XBox = 'XBox',
  Others = 'Others',
}

/** Price sort of the shop (low, high) and newest first. */
export enum ProductSort {
  low = 'low',
  high = 'high',
  newest = 'newest',
}

registerEnumType(ShopCategory, { name: 'ShopCategory' });
registerEnumType(ShopPlatform, { name: 'ShopPlatform' });
registerEnumType(ProductSort, { name: 'ProductSort', description: 'low: price ascending; high: descending.' });

export const categoriesOf: Record<ShopCategory, ProductCategory[]> = {
  Games: [ProductCategory.Game],
  Accessories: [ProductCategory.Accessory],
  Consoles: [ProductCategory.Console],
  Others: [ProductCategory.Merch, ProductCategory.Other],
};

/** A product for every platform ("All") shows under each platform filter. */
export const platformsOf: Record<ShopPlatform, ProductPlatform[]> = {
  PS5: [ProductPlatform.PS5, ProductPlatform.All],
  PC: [ProductPlatform.PC, ProductPlatform.All],
  XBox: [ProductPlatform.XBox, ProductPlatform.All],
  Others: Object.values(ProductPlatform).filter(
    (p) => p !== ProductPlatform.PS5 && p !== ProductPlatform.PC && p !== ProductPlatform.XBox,
  ),
};

// Maps, not object literals: a word typed by a client is looked up, and `__proto__` or `constructor` must find nothing.
const categoryWords = new Map<string, ShopCategory>(
  Object.entries({
    game: ShopCategory.Games,
    games: ShopCategory.Games,
    accessory: ShopCategory.Accessories,
    accessories: ShopCategory.Accessories,
    console: ShopCategory.Consoles,
    consoles: ShopCategory.Consoles,
    merch: ShopCategory.Others,
    other: ShopCategory.Others,
    others: ShopCategory.Others,
  }),
);

const platformWords = new Map<string, ShopPlatform>(
  Object.entries({
    ps5: ShopPlatform.PS5,
    pc: ShopPlatform.PC,
    xbox: ShopPlatform.XBox,
    ps4: ShopPlatform.Others,
    other: ShopPlatform.Others,
    others: ShopPlatform.Others,
  }),
);

/**
 * A query-string value from a REST client: the shop's labels or the product's own values,
 * any case; '' and 'All' mean no filter, undefined when the word is unknown.
 */
export function parseShopCategory(value: string): ShopCategory | null | undefined {
  const word = value.trim().toLowerCase();
  if (word === '' || word === 'all') return null;
  return categoryWords.get(word);
}

export function parseShopPlatform(value: string): ShopPlatform | null | undefined {
  const word = value.trim().toLowerCase();
  if (word === '' || word === 'all') return null;
  return platformWords.get(word);
}
