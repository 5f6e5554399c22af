import type { Request } from 'express';
import type { RequestContext } from '../../graphql/context';
import type { Services } from '../../services';
import { requireAdmin } from '../../graphql/auth-checker';
import { ctxOf, queryNumber, queryText, restRouter } from '../../common/rest';
import { badInput } from '../../common/errors';
import { pageParam, parseInput } from '../../common/validation';
import { MAX_IMAGES_PER_PRODUCT, NO_LONGER_SOLD_IMAGE_PATH } from '../../common/images';
import { booleanField, enumField, jsonListField, numberField, readForm } from '../../common/multipart';
import { ProductCategory, ProductPlatform, type Product, type ProductImage } from './product.entity';
import { CreateProductInput, SHOP_FILTER_MESSAGES, UpdateProductInput } from './product.inputs';
import { parseShopCategory, parseShopPlatform, ProductSort } from './shop-filter';

/** The REST shape of spec §7 and REST-COMPAT: `_id` strings, dollars as numbers, absolute image URLs. */
export function productJson(ctx: RequestContext, services: Services, product: Product, images: ProductImage[]) {
  return {
    _id: product.id,
    name: product.name,
    description: product.description,
    price: product.price,
    salePrice: product.salePrice,
    discount: product.discount,
    amount: product.amount,
    category: product.category,
    platform: product.platform,
    brand: product.brand ?? '',
    isFeatured: product.isFeatured,
    rating: product.rating,
    images: images.map((image) => ({
      _id: image.id,
      url: services.catalog.imageUrl(ctx, image.largeKey),
      smallUrl: services.catalog.imageUrl(ctx, image.smallKey),
    })),
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

/**
 * A product deleted since, as carts and orders still show it (REST-COMPAT): the full product shape from what the
 * line kept (id, name, unit price), out of stock, with the no-longer-sold picture (clients show `images[0]`) and the
 * line's own dates.
 */
export function deletedProductJson(
  ctx: RequestContext,
  kept: { id: string; name: string; price: number; createdAt: Date; updatedAt: Date },
) {
  return {
    _id: kept.id,
    name: kept.name,
    description: '',
    price: kept.price,
    salePrice: kept.price,
    discount: 0,
    amount: 0,
    category: '',
    platform: '',
    brand: '',
    isFeatured: false,
    rating: 0,
    images: [{ _id: 'no-longer-sold', url: `${ctx.origin}${NO_LONGER_SOLD_IMAGE_PATH}` }],
    createdAt: kept.createdAt.toISOString(),
    updatedAt: kept.updatedAt.toISOString(),
  };
}

async function productsJson(ctx: RequestContext, services: Services, products: Product[]) {
  const images = await ctx.loaders.productImages.loadMany(products.map((product) => product.id));
  return products.map((product, index) => {
    const own = images[index];
    if (own instanceof Error) throw own;
    return productJson(ctx, services, product, own);
  });
}

const LIMIT_MESSAGE = 'Limit must be between 1 and 50.';

/** The search's `limit` as the query gives it (see queryNumber): a whole number from 1 to 50. */
function limitParam(text: string): number {
  const limit = queryNumber(text);
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 50) throw badInput(LIMIT_MESSAGE);
  return limit;
}

/**
 * Multipart fields are text: numbers and booleans are read back before validation, and the category and platform are
 * matched in any case, as the bar's category is.
 */
function productFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...fields };
  if ('category' in out) out.category = enumField(out.category, Object.values(ProductCategory));
  if ('platform' in out) out.platform = enumField(out.platform, Object.values(ProductPlatform));
  for (const key of ['price', 'discount', 'amount', 'rating']) {
    if (key in out) out[key] = numberField(out[key], { required: key === 'price' || key === 'amount' });
  }
  if ('isFeatured' in out) out.isFeatured = booleanField(out.isFeatured);
  return out;
}

/** Clients send removed images as ids, URLs or whole image objects. */
function removedImageIds(ctx: RequestContext, services: Services, raw: unknown, images: ProductImage[]): string[] {
  const ids: string[] = [];
  for (const ref of jsonListField(raw, 'removedImages must be a JSON list of image ids, URLs or images.')) {
    const value =
      typeof ref === 'object' && ref !== null
        ? ((ref as Record<string, unknown>)._id ??
          (ref as Record<string, unknown>).id ??
          (ref as Record<string, unknown>).url)
        : ref;
    if (typeof value !== 'string') continue;
    const match = images.find(
      (image) =>
        image.id === value ||
        services.catalog.imageUrl(ctx, image.largeKey) === value ||
        services.catalog.imageUrl(ctx, image.smallKey) === value,
    );
    if (match) ids.push(match.id);
  }
  return ids;
}

function maxBody(ctx: RequestContext): number {
  return (MAX_IMAGES_PER_PRODUCT + 1) * ctx.deps.config.uploadMaxBytes + 1024 * 1024;
}

function uploadedImages(files: Awaited<ReturnType<typeof readForm>>['files']) {
  return [...(files.images ?? []), ...(files['images[]'] ?? [])];
}

export function productRoutes(services: Services) {
  const router = restRouter();

  router.get('/products/search', async (req: Request, res) => {
    const ctx = ctxOf(req);
    const param = (name: string) => queryText(req.query[name]) ?? '';
    const category = parseShopCategory(param('category'));
    if (category === undefined) throw badInput(SHOP_FILTER_MESSAGES.category);
    const platform = parseShopPlatform(param('platform'));
    if (platform === undefined) throw badInput(SHOP_FILTER_MESSAGES.platform);
    const sortText = param('sort').trim().toLowerCase();
    if (sortText && sortText !== 'all' && !Object.hasOwn(ProductSort, sortText))
      throw badInput(SHOP_FILTER_MESSAGES.sort);
    const pageText = param('page');
    const limitText = param('limit');
    const paged = pageText !== '' || limitText !== '';
    const result = await services.catalog.list(ctx, {
      search: param('q').slice(0, 100),
      category,
      platform,
      sort: sortText && sortText !== 'all' ? (sortText as ProductSort) : null,
      page: pageText ? await pageParam(queryNumber(pageText)) : 1,
      pageSize: paged ? (limitText ? limitParam(limitText) : 10) : null,
    });
    res.setHeader('X-Total-Count', String(result.total));
    res.setHeader('X-Total-Pages', String(result.totalPages));
    res.json(await productsJson(ctx, services, result.items));
  });

  router.get('/products/featuredGames', async (req, res) => {
    const ctx = ctxOf(req);
    res.json(await productsJson(ctx, services, await services.catalog.featured(ctx)));
  });

  router.get('/products/:id', async (req, res) => {
    const ctx = ctxOf(req);
    const product = await services.catalog.get(ctx, req.params.id);
    res.json(productJson(ctx, services, product, await services.catalog.images(ctx, product.id)));
  });

  router.post('/products', async (req, res) => {
    const ctx = ctxOf(req);
    requireAdmin(ctx);
    const form = await readForm(req, maxBody(ctx));
    const input = await parseInput(CreateProductInput, productFields(form.fields));
    const product = await services.catalog.create(ctx, input, uploadedImages(form.files));
    res.status(201).json(productJson(ctx, services, product, await services.catalog.images(ctx, product.id)));
  });

  router.put('/products/:id', async (req, res) => {
    const ctx = ctxOf(req);
    requireAdmin(ctx);
    const form = await readForm(req, maxBody(ctx));
    const current = await services.catalog.get(ctx, req.params.id);
    const images = await services.catalog.images(ctx, current.id);
    const input = await parseInput(UpdateProductInput, {
      ...productFields(form.fields),
      removedImageIds: removedImageIds(ctx, services, form.fields.removedImages, images),
    });
    const product = await services.catalog.update(ctx, current.id, input, uploadedImages(form.files));
    res.json(productJson(ctx, services, product, await services.catalog.images(ctx, product.id)));
  });

  router.delete('/products/:id', async (req, res) => {
    const ctx = ctxOf(req);
    const product = await services.catalog.remove(ctx, req.params.id);
    res.json({ message: 'Product deleted successfully', _id: product.id });
  });

  return router;
}
