import type { RequestContext } from '../../graphql/context';
import type { Services } from '../../services';
import { ctxOf, queryNumber, queryText, restRouter } from '../../common/rest';
import { parseInput } from '../../common/validation';
import { requireAdmin, requireUser } from '../../graphql/auth-checker';
import { toCents } from '../../common/money';
import { badInput } from '../../common/errors';
import { deletedProductJson, productJson } from '../catalog/product.rest';
import type { Product, ProductImage } from '../catalog/product.entity';
import type { User } from '../auth/user.entity';
import { PaymentMethod, type Order, type OrderItem } from './order.entity';
import { AdminOrdersArgs, ORDER_MESSAGES, OrderDetailInput, OrderFilter, PlaceOrderArgs } from './order.inputs';

function settled<T>(values: (T | Error)[]): T[] {
  return values.map((value) => {
    if (value instanceof Error) throw value;
    return value;
  });
}

/**
 * Orders as REST-COMPAT describes them; relations come from the per-request loaders, so a
 * page of orders costs one statement per kind (items, products, images, users), not per order.
 */
export async function ordersJson(ctx: RequestContext, services: Services, orders: Order[]) {
  const items = settled(await ctx.loaders.orderItems.loadMany(orders.map((order) => order.id)));
  const productIds = [...new Set(items.flat().flatMap((item) => (item.productId ? [item.productId] : [])))];
  const products = settled(await ctx.loaders.product.loadMany(productIds));
  const live = products.filter((product): product is Product => product !== null);
  const images = settled(await ctx.loaders.productImages.loadMany(live.map((product) => product.id)));
  const users = settled(await ctx.loaders.user.loadMany([...new Set(orders.map((order) => order.userId))]));
  const productById = new Map(live.map((product, index) => [product.id, { product, images: images[index] }]));
  const userById = new Map(users.filter((user): user is User => user !== null).map((user) => [user.id, user]));

  const itemJson = (order: Order, item: OrderItem) => {
    const current = item.productId ? productById.get(item.productId) : undefined;
    // (an item's product id is kept since 1763960000000; older deletions left none, and the item's own id stands in)
    const product = current
      ? productJson(ctx, services, current.product as Product, current.images as ProductImage[])
      : deletedProductJson(ctx, {
          id: item.productId ?? item.id,
          name: item.name,
          price: item.price,
          createdAt: order.createdAt,
          updatedAt: order.updatedAt,
        });
    return { _id: item.id, product, name: item.name, quantity: item.quantity, price: item.price };
  };

  return orders.map((order, index) => {
    const user = userById.get(order.userId);
    return {
      _id: order.id,
      displayId: order.displayId,
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      status: order.status,
      isDelivered: order.isDelivered,
      subtotal: order.subtotal,
      tax: order.tax,
      shipping: order.shipping,
      totalAmount: order.totalAmount,
      paymentMethod: order.paymentMethod,
      ...(order.paymentIntentId ? { paymentIntentId: order.paymentIntentId } : {}),
      // A cancelled card order whose money did not go back to the card: why (as GraphQL's refundFailure tells it).
      ...(order.refundFailure ? { refundFailure: order.refundFailure } : {}),
      orderDetail: { ...order.orderDetail },
      items: items[index].map((item) => itemJson(order, item)),
      user: user ? { _id: user.id, username: user.username, name: user.username, email: user.email } : null,
    };
  });
}

/** Clients send `Cash` / `stripe`; other spellings of the same two are accepted. */
function paymentMethodOf(value: unknown): PaymentMethod | string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (text === 'cash') return PaymentMethod.Cash;
  if (text === 'stripe' || text === 'card') return PaymentMethod.stripe;
  if (text === 'paypal') return 'PayPal';
  return value;
}

function adminFilter(status: string | undefined, isDelivered: string | undefined): string {
  if (status && status !== 'all') return status;
  if (isDelivered === 'true') return OrderFilter.delivered;
  if (isDelivered === 'false') return OrderFilter.undelivered;
  if (isDelivered) throw badInput('isDelivered must be true or false.');
  return OrderFilter.all;
}

/** The spec's /api/orders endpoints over OrderService. */
export function orderRoutes(services: Services) {
  const router = restRouter();
  const one = async (ctx: RequestContext, order: Order) => (await ordersJson(ctx, services, [order]))[0];

  router.post('/orders', async (req, res) => {
    const ctx = ctxOf(req);
    requireUser(ctx);
    const body = (typeof req.body === 'object' && req.body) || {};
    const method = paymentMethodOf(body.paymentMethod);
    if (method === undefined) throw badInput(ORDER_MESSAGES.paymentMethod, 'paymentMethod');
    if (method === 'PayPal') throw badInput(ORDER_MESSAGES.paypal, 'paymentMethod');
    const orderDetail = await parseInput(OrderDetailInput, body.orderDetail ?? {});
    const args = Object.assign(new PlaceOrderArgs(), {
      orderDetail,
      paymentMethod: method as PaymentMethod,
      paymentIntentId: typeof body.paymentIntentId === 'string' ? body.paymentIntentId : null,
    });
    const total = typeof body.totalAmount === 'string' ? Number(body.totalAmount) : body.totalAmount;
    if (total !== undefined && total !== null && (typeof total !== 'number' || !Number.isFinite(total))) {
      throw badInput('totalAmount must be a number.', 'totalAmount');
    }
    const order = await services.orders.place(ctx, args, typeof total === 'number' ? toCents(total) : undefined);
    res.status(201).json(await one(ctx, order));
  });

  router.get('/orders', async (req, res) => {
    const ctx = ctxOf(req);
    res.json(await ordersJson(ctx, services, await services.orders.mine(ctx)));
  });

  router.get('/orders/admin', async (req, res) => {
    const ctx = ctxOf(req);
    requireAdmin(ctx);
    const q = req.query;
    const args = await parseInput(AdminOrdersArgs, {
      search: queryText(q.search)?.slice(0, 100),
      status: adminFilter(queryText(q.status)?.toLowerCase(), queryText(q.isDelivered)?.toLowerCase()),
      page: q.page === undefined ? 1 : queryNumber(q.page),
      ...(q.limit === undefined ? {} : { pageSize: queryNumber(q.limit) }),
    });
    const page = await services.orders.all(ctx, args);
    res.json({
      orders: await ordersJson(ctx, services, page.orders),
      totalPages: page.totalPages,
      total: page.total,
      page: page.page,
    });
  });

  router.put('/orders/cancelOrder/:id', async (req, res) => {
    const ctx = ctxOf(req);
    res.json(await one(ctx, await services.orders.cancel(ctx, String(req.params.id))));
  });

  router.put('/orders/updateOrderDelivery/:id', async (req, res) => {
    const ctx = ctxOf(req);
    res.json(await one(ctx, await services.orders.markDelivered(ctx, String(req.params.id))));
  });

  return router;
}
