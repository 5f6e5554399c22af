import { graphql } from '../../gql';
import type { GuestCartProductsQuery } from '../../gql/graphql';
import type { GuestCartItem } from './guest-cart';
import { stockNote } from './cart-math';

/** One cart line as every view shows it, whoever keeps the cart. */
export type CartLine = {
  productId: string;
  name: string;
  imageUrl?: string | null;
  unitPrice: number;
  /** The units the line counts: a guest line never counts more than the stock (see `stockNote`). */
  quantity: number;
  lineTotal: number;
  stock: number;
  /** False once the product is deleted: the line shows its snapshot and can only be removed. */
  available: boolean;
  /**
   * A line holding more than the stock: 'Out of stock' or 'Only N left'. A guest line then counts only what is left
   * (as the login merge will); a signed-in line counts what it holds, as the server does (nothing once sold out), and
   * blocks checkout.
   */
  stockNote?: string;
};

/** What a line of a deleted product says in place of its price and quantity controls. */
export const NO_LONGER_AVAILABLE = 'No longer available';

/** The cart views' words when the signed-in cart could not be loaded at all (beside a Try again). */
export const CART_LOAD_FAILED = 'Failed to load your cart.';

/** Shown above the lines (cart and checkout) while some line's product is deleted. */
export const REMOVE_UNAVAILABLE = 'Some products in your cart are no longer sold. Remove them to check out.';

/** Shown above the lines (cart and checkout) while a signed-in line holds more units than are left (maybe none). */
export const LOWER_SHORT_LINES =
  'Some products have fewer units left than your cart holds. Lower their quantity or remove them to check out.';

/**
 * A line of a product still sold but out of stock (spec §5: amount below 1): it counts nothing, and can only be
 * removed (a signed-in line keeps the units it holds, which no quantity can make buyable; a guest's counts 0 units).
 */
export function isSoldOut(line: CartLine): boolean {
  return line.available && line.stock < 1;
}

/** A line's note when it holds more units than the stock (`held` > `stock`), else none. */
export function shortNote(held: number, stock: number): string | undefined {
  return held > stock ? stockNote(stock) : undefined;
}

/** The guest cart's products as they are now: prices, stock and deletions since they were added. */
export const GuestCartProducts = graphql(`
  query GuestCartProducts($ids: [ID!]!) {
    productsByIds(ids: $ids) {
      id
      name
      salePrice
      amount
      images {
        id
        smallUrl
      }
    }
  }
`);

type LiveProduct = GuestCartProductsQuery['productsByIds'][number];

/** The guest cart's products as the server last answered for them, by id; null for one deleted since. */
export type KnownProducts = ReadonlyMap<string, LiveProduct>;

/** The server's answer for `ids` (in their order, null where deleted) by id, when it is one for those ids. */
export function knownProducts(ids: string[], answer: readonly LiveProduct[] | undefined): KnownProducts | undefined {
  return answer?.length === ids.length ? new Map(ids.map((id, i) => [id, answer[i]])) : undefined;
}

/**
 * A guest's lines with their products as they are now (`known`: the server's last answer about them; a line it has
 * not answered for yet shows its stored copy). Stock counts as the login merge will count it (mergeGuestCart keeps a
 * line at most at the stock and drops a sold-out one): a line holding more than the stock counts only what is left and
 * says so, a sold-out one counts nothing. The stored quantity stays, so the line is whole again once restocked.
 */
export function guestLines(items: GuestCartItem[], known: KnownProducts | undefined): CartLine[] {
  return items.map(({ product: stored, quantity: held }) => {
    const current = known?.get(stored._id);
    const gone = current === null;
    const unitPrice = current?.salePrice ?? stored.salePrice;
    const stock = gone ? 0 : (current?.amount ?? stored.amount);
    const quantity = gone || !Number.isFinite(stock) ? held : Math.max(0, Math.min(held, stock));
    return {
      productId: stored._id,
      name: current?.name ?? stored.name,
      imageUrl: current ? current.images[0]?.smallUrl : stored.imageUrl,
      unitPrice,
      quantity,
      lineTotal: Math.round(unitPrice * 100 * quantity) / 100,
      stock,
      available: !gone,
      stockNote: gone ? undefined : shortNote(held, stock),
    };
  });
}

/** The units a guest cart counts (the badge): what logging in would keep of it. */
export function guestCount(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + (line.available ? line.quantity : 0), 0);
}
