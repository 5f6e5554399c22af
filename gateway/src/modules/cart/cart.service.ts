import { isUUID } from 'class-validator';
import type { EntityManager } from 'typeorm';
import type { RequestContext } from '../../graphql/context';
import { requireUser } from '../../graphql/auth-checker';
import { conflict, notFound } from '../../common/errors';
import { discountedCents, toDollars } from '../../common/money';
import { User } from '../auth/user.entity';
import { Product } from '../catalog/product.entity';
import { Cart, CartItem } from './cart-item.entity';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, totalsOf } from './cart-totals';
import { CART_MESSAGES as M, type GuestCartItemInput } from './cart.inputs';
import { lockedRow } from '../../db/locks';
import { retryingTransaction } from '../../db/retrying-transaction';

/**
 * The lines of a user's cart with their products (one statement), oldest first. A line whose
 * product was deleted comes with `product: null` and shows its snapshot.
 */
export function cartLines(em: EntityManager, userId: string): Promise<CartItem[]> {
  return em
    .getRepository(CartItem)
    .createQueryBuilder('c')
    .leftJoinAndMapOne('c.product', Product, 'p', 'p.id = c.productId')
    .where('c.userId = :userId', { userId })
    .orderBy('c.createdAt', 'ASC')
    .addOrderBy('c.id', 'ASC')
    .getMany();
}

/** The lines that can still be bought, with their products. */
function soldLines(items: CartItem[]): (CartItem & { product: Product })[] {
  return items.filter((item): item is CartItem & { product: Product } => Boolean(item.product));
}

/** Checkout and payment refuse a cart holding a product deleted since, naming it. */
export function requireAllSold(items: CartItem[]): (CartItem & { product: Product })[] {
  const gone = items.find((item) => !item.product);
  if (gone) throw conflict(M.noLongerSold(gone.productName));
  return soldLines(items);
}

/**
 * The lines, refused if one holds more than the stock has now: before a card is charged, as placing the order (which
 * takes the stock under a lock) would refuse them anyway, after the charge, with a refund.
 */
export function requireInStock<T extends CartItem & { product: Product }>(lines: T[]): T[] {
  for (const line of lines) checkStock(line.product, line.quantity);
  return lines;
}

/** The snapshot columns of a line for this product as it is now. */
export function snapshotOf(product: Product): Pick<CartItem, 'productName' | 'productPriceCents'> {
  return { productName: product.name, productPriceCents: discountedCents(product.priceCents, product.discount) };
}

export function toCart(userId: string, items: CartItem[]): Cart {
  // A line no longer sold, or out of stock, is listed but not priced: it cannot be bought (checkout refuses it, naming
  // it). A line holding more units than are left still counts them all, until its quantity is lowered.
  const totals = totalsOf(
    soldLines(items)
      .filter((item) => item.forSale)
      .map((item) => ({ ...item.product, quantity: item.quantity })),
  );
  return Object.assign(new Cart(), {
    id: userId,
    items,
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal: toDollars(totals.subtotalCents),
    tax: toDollars(totals.taxCents),
    shipping: toDollars(totals.shippingCents),
    total: toDollars(totals.totalCents),
    cartTotal: toDollars(totals.cartTotalCents),
  });
}

/** Holds the user's row until the transaction ends: changes to one cart that must see each other take turns. */
async function lockCart(em: EntityManager, userId: string): Promise<void> {
  await lockedRow(em, User, userId);
}

/** Refuses a quantity the shelf cannot cover, naming the product. */
function checkStock(product: Product, quantity: number): void {
  if (quantity > product.amount) throw conflict(M.shortOfStock(product.name, product.amount));
}

/**
 * The server cart of signed-in customers: one line per product, 1 to 3 units (a CHECK in
 * the database too), never more than the stock. Every change answers the whole cart.
 */
export class CartService {
  async get(ctx: RequestContext): Promise<Cart> {
    const user = requireUser(ctx);
    return toCart(user.id, await cartLines(ctx.deps.db.manager, user.id));
  }

  /**
   * Adds units; like the guest cart, a line is capped at 3 rather than refused. The cart's lock makes parallel adds
   * take turns, so each one checks the stock against the quantity the others left.
   */
  async add(ctx: RequestContext, productId: string, quantity: number): Promise<Cart> {
    const user = requireUser(ctx);
    if (!isUUID(productId)) throw notFound(M.productNotFound);
    await retryingTransaction(ctx, async (em) => {
      await lockCart(em, user.id);
      // Read under the cart's lock and held against a delete until the line is in: a line is only ever added for a
      // product that exists (one racing the delete was added after the delete had snapshotted the carts), at its
      // current stock.
      const product = await lockedRow(em, Product, productId, 'for_key_share');
      if (!product) throw notFound(M.productNotFound);
      const existing = await em.getRepository(CartItem).findOneBy({ userId: user.id, productId: product.id });
      if (!existing && (await em.getRepository(CartItem).countBy({ userId: user.id })) >= MAX_CART_LINES)
        throw conflict(M.tooManyLines);
      checkStock(product, Math.min((existing?.quantity ?? 0) + quantity, MAX_LINE_QUANTITY));
      const snapshot = snapshotOf(product);
      await em.query(
        `INSERT INTO cart_items (user_id, product_id, quantity, product_name, product_price_cents) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id, product_id)
         DO UPDATE SET quantity = LEAST(cart_items.quantity + EXCLUDED.quantity, ${MAX_LINE_QUANTITY}),
                       product_name = EXCLUDED.product_name, product_price_cents = EXCLUDED.product_price_cents,
                       updated_at = now()`,
        [user.id, product.id, quantity, snapshot.productName, snapshot.productPriceCents],
      );
    });
    return this.get(ctx);
  }

  /**
   * Sets a line's units. Like every change of a cart, under the cart's lock: a checkout holds it from reading the cart
   * to emptying it, so a change lands before the order (and is in it) or after (and finds the cart the order left).
   */
  async update(ctx: RequestContext, productId: string, quantity: number): Promise<Cart> {
    const user = requireUser(ctx);
    if (!isUUID(productId)) throw notFound(M.productNotFound);
    return retryingTransaction(ctx, async (em) => {
      await lockCart(em, user.id);
      const product = await em.getRepository(Product).findOneBy({ id: productId });
      if (!product) throw notFound(M.productNotFound);
      checkStock(product, quantity);
      const result = await em
        .getRepository(CartItem)
        .update({ userId: user.id, productId: product.id }, { quantity, ...snapshotOf(product) });
      if (!result.affected) throw notFound(M.notInCart);
      return toCart(user.id, await cartLines(em, user.id));
    });
  }

  /** Removing a line that is not there is not an error: the answer is the cart either way. */
  async remove(ctx: RequestContext, productId: string): Promise<Cart> {
    const user = requireUser(ctx);
    return retryingTransaction(ctx, async (em) => {
      await lockCart(em, user.id);
      if (isUUID(productId)) await em.getRepository(CartItem).delete({ userId: user.id, productId });
      return toCart(user.id, await cartLines(em, user.id));
    });
  }

  async clear(ctx: RequestContext): Promise<Cart> {
    const user = requireUser(ctx);
    return retryingTransaction(ctx, async (em) => {
      await lockCart(em, user.id);
      await em.getRepository(CartItem).delete({ userId: user.id });
      return toCart(user.id, []);
    });
  }

  /**
   * The login rule of spec §4: an empty server cart takes the guest's items (each capped at
   * 3 and at the stock; unknown or sold-out products are skipped); otherwise the server cart
   * stays as it is. The user row lock makes two logins at once merge only once.
   */
  async mergeGuest(ctx: RequestContext, items: GuestCartItemInput[]): Promise<Cart> {
    const user = requireUser(ctx);
    return retryingTransaction(ctx, async (em) => {
      await lockCart(em, user.id);
      if ((await em.getRepository(CartItem).countBy({ userId: user.id })) === 0) {
        const wanted = new Map<string, number>();
        for (const item of items) {
          const productId = item.productId.toLowerCase(); // as PostgreSQL reads a uuid, and as addToCart takes it
          if (isUUID(productId)) wanted.set(productId, (wanted.get(productId) ?? 0) + item.quantity);
        }
        const products = wanted.size
          ? await em
              .getRepository(Product)
              .createQueryBuilder('p')
              .where('p.id IN (:...ids)', { ids: [...wanted.keys()] })
              .getMany()
          : [];
        const byId = new Map(products.map((product) => [product.id, product]));
        // One insert per line, in the guest's order, so the cart lists them as the guest saw them.
        const start = Date.now();
        let position = 0;
        for (const [productId, quantity] of wanted) {
          const product = byId.get(productId);
          const capped = product ? Math.min(quantity, MAX_LINE_QUANTITY, product.amount) : 0;
          if (!product || capped < 1) continue;
          const createdAt = new Date(start + position++);
          await em
            .getRepository(CartItem)
            .insert({ userId: user.id, productId, quantity: capped, createdAt, ...snapshotOf(product) });
        }
      }
      return toCart(user.id, await cartLines(em, user.id));
    });
  }
}
