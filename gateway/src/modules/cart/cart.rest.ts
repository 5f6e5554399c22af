import type { RequestContext } from '../../graphql/context';
import type { Services } from '../../services';
import { ctxOf, restRouter } from '../../common/rest';
import { parseInput } from '../../common/validation';
import { requireUser } from '../../graphql/auth-checker';
import { deletedProductJson, productJson } from '../catalog/product.rest';
import type { Cart } from './cart-item.entity';
import { CartLineArgs } from './cart.inputs';

/**
 * REST-COMPAT: the whole cart, `{ items: [{ _id, product: <full product>, quantity }] }`, plus its totals;
 * a product deleted since comes from the line's snapshot.
 */
export async function cartJson(ctx: RequestContext, services: Services, cart: Cart) {
  const images = await ctx.loaders.productImages.loadMany(cart.items.map((item) => item.productId));
  return {
    items: cart.items.map((item, index) => {
      const own = images[index];
      if (own instanceof Error) throw own;
      const product = item.product
        ? productJson(ctx, services, item.product, own)
        : deletedProductJson(ctx, {
            id: item.productId,
            name: item.name,
            price: item.unitPrice,
            createdAt: item.createdAt,
            updatedAt: item.updatedAt,
          });
      return { _id: item.id, product, quantity: item.quantity };
    }),
    subtotal: cart.subtotal,
    tax: cart.tax,
    shipping: cart.shipping,
    total: cart.total,
  };
}

/**
 * A line as older clients send it: the quantity a JSON number, or its digits as text (a form field's value, as
 * `totalAmount` may come to the orders shim); anything else is left for validation to refuse in its own words.
 */
function cartLine(body: unknown) {
  const fields: unknown = typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body } : body;
  if (typeof fields === 'object' && fields !== null && 'quantity' in fields) {
    const { quantity } = fields;
    if (typeof quantity === 'string' && /^\s*\d{1,16}\s*$/.test(quantity)) fields.quantity = Number(quantity);
  }
  return parseInput(CartLineArgs, fields);
}

/** The spec's /api/cart endpoints over CartService. */
export function cartRoutes(services: Services) {
  const router = restRouter();
  const send = async (ctx: RequestContext, cart: Promise<Cart>) => cartJson(ctx, services, await cart);

  router.get(['/cart', '/cart/checkcart'], async (req, res) => {
    const ctx = ctxOf(req);
    res.json(await send(ctx, services.cart.get(ctx)));
  });

  router.post('/cart', async (req, res) => {
    const ctx = ctxOf(req);
    requireUser(ctx);
    const { productId, quantity } = await cartLine(req.body);
    res.json(await send(ctx, services.cart.add(ctx, productId, quantity)));
  });

  router.put('/cart', async (req, res) => {
    const ctx = ctxOf(req);
    requireUser(ctx);
    const { productId, quantity } = await cartLine(req.body);
    res.json(await send(ctx, services.cart.update(ctx, productId, quantity)));
  });

  router.delete('/cart/:productId', async (req, res) => {
    const ctx = ctxOf(req);
    res.json(await send(ctx, services.cart.remove(ctx, String(req.params.productId))));
  });

  router.delete('/cart', async (req, res) => {
    const ctx = ctxOf(req);
    res.json(await send(ctx, services.cart.clear(ctx)));
  });

  return router;
}
