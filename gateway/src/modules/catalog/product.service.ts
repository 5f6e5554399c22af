import { isUUID } from 'class-validator';
import { In, type EntityManager } from 'typeorm';
import type { RequestContext } from '../../graphql/context';
import { CartItem } from '../cart/cart-item.entity';
import { snapshotOf } from '../cart/cart.service';
import { requireAdmin } from '../../graphql/auth-checker';
import { badInput, notFound } from '../../common/errors';
import { toCents } from '../../common/money';
import { storageFor, type Storage } from '../../common/storage';
import {
  MAX_IMAGES_PER_PRODUCT,
  storeImageVariants,
  toImageVariants,
  type IncomingFile,
  type StoredImage,
} from '../../common/images';
import { Product, ProductCategory, ProductImage, ProductPlatform } from './product.entity';
import { PRODUCT_MESSAGES as M, type CreateProductInput, type UpdateProductInput } from './product.inputs';
import { categoriesOf, platformsOf, ProductSort, type ShopCategory, type ShopPlatform } from './shop-filter';
import { lockedRow } from '../../db/locks';
import { retryingTransaction } from '../../db/retrying-transaction';
import { createOnce } from '../../db/create-once';
import { likePattern } from '../../common/text';

export type ProductQuery = {
  search?: string | null;
  category?: ShopCategory | null;
  platform?: ShopPlatform | null;
  sort?: ProductSort | null;
  page: number;
  /** null: every match on one page (the REST search without paging). */
  pageSize: number | null;
};

export type ProductPageResult = { items: Product[]; total: number; page: number; totalPages: number };

const FEATURED_LIMIT = 12;

/** Products a form creates once (createOnce). */
const CREATED_ONCE = { entity: Product, constraint: 'products_creation_key_key', changed: M.createdDifferently };

export class CatalogService {
  private storage(ctx: RequestContext): Storage {
    return storageFor(ctx.deps.config);
  }

  /**
   * The shop list: search, filters, sort and paging in SQL (one statement for the page,
   * one for the total); images come after through the per-request loader, in one more.
   */
  async list(ctx: RequestContext, query: ProductQuery): Promise<ProductPageResult> {
    const qb = ctx.deps.db.getRepository(Product).createQueryBuilder('p');
    const search = query.search?.trim() ?? '';
    if (search) {
      // `<%` (word similarity, GIN-indexed) forgives typos in a name or brand; ILIKE finds plain substrings. Both
      // compare without accents (fold_accents, which the indexes are built on): "pokemon" finds "Pokémon".
      qb.andWhere(
        `(fold_accents(:search) <% fold_accents(p.name) OR fold_accents(:search) <% fold_accents(p.brand)
          OR fold_accents(p.name) ILIKE fold_accents(:like) OR fold_accents(p.brand) ILIKE fold_accents(:like)
          OR fold_accents(p.description) ILIKE fold_accents(:like))`,
        { search, like: likePattern(search) },
      );
    }
    if (query.category) qb.andWhere('p.category IN (:...categories)', { categories: categoriesOf[query.category] });
    if (query.platform) qb.andWhere('p.platform IN (:...platforms)', { platforms: platformsOf[query.platform] });

    const salePrice = 'p.priceCents * (100 - p.discount)';
    if (query.sort === ProductSort.low) qb.orderBy(salePrice, 'ASC');
    else if (query.sort === ProductSort.high) qb.orderBy(salePrice, 'DESC');
    else if (search && query.sort !== ProductSort.newest) {
      qb.orderBy(
        `greatest(word_similarity(fold_accents(:search), fold_accents(p.name)),
                  word_similarity(fold_accents(:search), fold_accents(p.brand)))`,
        'DESC',
      );
    }
    qb.addOrderBy('p.createdAt', 'DESC').addOrderBy('p.id', 'ASC');

    if (query.pageSize === null) {
      const items = await qb.getMany();
      return { items, total: items.length, page: 1, totalPages: items.length ? 1 : 0 };
    }
    qb.skip((query.page - 1) * query.pageSize).take(query.pageSize);
    const [items, total] = await qb.getManyAndCount();
    return { items, total, page: query.page, totalPages: Math.ceil(total / query.pageSize) };
  }

  /** Featured games and accessories for the home page, newest first. */
  async featured(ctx: RequestContext): Promise<Product[]> {
    return ctx.deps.db.getRepository(Product).find({
      where: [
        { isFeatured: true, category: ProductCategory.Game },
        { isFeatured: true, category: ProductCategory.Accessory },
      ],
      order: { createdAt: 'DESC', id: 'ASC' },
      take: FEATURED_LIMIT,
    });
  }

  async find(ctx: RequestContext, id: string): Promise<Product | null> {
    if (!isUUID(id)) return null;
    return ctx.deps.db.getRepository(Product).findOneBy({ id });
  }

  /** Products by id in the order asked, null where there is none (deleted, or not an id): one statement. */
  async findMany(ctx: RequestContext, ids: string[]): Promise<(Product | null)[]> {
    const valid = ids.filter((id) => isUUID(id));
    const found = valid.length ? await ctx.deps.db.getRepository(Product).findBy({ id: In(valid) }) : [];
    const byId = new Map(found.map((product) => [product.id, product]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  async get(ctx: RequestContext, id: string): Promise<Product> {
    const product = await this.find(ctx, id);
    if (!product) throw notFound(M.notFound);
    return product;
  }

  images(ctx: RequestContext, productId: string): Promise<ProductImage[]> {
    return ctx.loaders.productImages.load(productId);
  }

  imageUrl(ctx: RequestContext, key: string): string {
    return this.storage(ctx).url(key, ctx.origin);
  }

  async create(ctx: RequestContext, input: CreateProductInput, files: IncomingFile[]): Promise<Product> {
    requireAdmin(ctx);
    if (files.length === 0) throw badInput(M.firstImage, 'images');
    if (files.length > MAX_IMAGES_PER_PRODUCT) throw badInput(M.tooManyImages, 'images');
    const fields: Partial<Product> = {
      name: input.name.trim(),
      description: input.description.trim(),
      priceCents: toCents(input.price),
      discount: input.discount ?? 0,
      amount: input.amount,
      category: input.category ?? ProductCategory.Other,
      platform: input.platform ?? ProductPlatform.Other,
      brand: input.brand?.trim() || null,
      isFeatured: input.isFeatured ?? false,
      rating: input.rating ?? 0,
    };
    return createOnce(ctx.deps.db, CREATED_ONCE, input.creationKey, fields, (row) => this.insert(ctx, row, files));
  }

  private async insert(ctx: RequestContext, row: Partial<Product>, files: IncomingFile[]): Promise<Product> {
    const stored = await this.storeImages(ctx, files);
    try {
      return await retryingTransaction(ctx, async (em) => {
        const product = await em.getRepository(Product).save(em.getRepository(Product).create(row));
        await this.insertImages(em, product.id, stored, 0);
        return product;
      });
    } catch (error) {
      await this.discard(ctx, stored);
      throw error;
    }
  }

  async update(ctx: RequestContext, id: string, input: UpdateProductInput, files: IncomingFile[]): Promise<Product> {
    requireAdmin(ctx);
    const current = await this.get(ctx, id);
    const removedIds = new Set(input.removedImageIds ?? []);
    // An edit sent again with its key (its answer lost) finds its images added already: they are not added twice.
    const key = input.updateKey ?? null;
    const addedBefore = (images: ProductImage[]) => key !== null && images.some((image) => image.updateKey === key);
    const before = await ctx.deps.db.getRepository(ProductImage).findBy({ productId: current.id });
    const newFiles = addedBefore(before) ? [] : files;
    this.checkImageCount(before.filter((image) => !removedIds.has(image.id)).length + newFiles.length);

    const stored = await this.storeImages(ctx, newFiles);
    try {
      const { product, removed, unused } = await retryingTransaction(ctx, async (em) => {
        // The row lock serialises concurrent edits of one product, so the image count holds.
        const product = await lockedRow(em, Product, current.id);
        if (!product) throw notFound(M.notFound);
        const images = await em.getRepository(ProductImage).find({
          where: { productId: product.id },
          order: { position: 'ASC' },
        });
        const removed = images.filter((image) => removedIds.has(image.id));
        const kept = images.filter((image) => !removedIds.has(image.id));
        const added = addedBefore(images) ? [] : stored; // the same edit, sent twice at once, added them first
        this.checkImageCount(kept.length + added.length);

        if (input.name !== undefined && input.name !== null) product.name = input.name.trim();
        if (input.description !== undefined && input.description !== null)
          product.description = input.description.trim();
        if (input.price !== undefined && input.price !== null) product.priceCents = toCents(input.price);
        if (input.discount !== undefined && input.discount !== null) product.discount = input.discount;
        if (input.amount !== undefined && input.amount !== null) product.amount = input.amount;
        if (input.category) product.category = input.category;
        if (input.platform) product.platform = input.platform;
        if (input.brand !== undefined && input.brand !== null) product.brand = input.brand.trim() || null;
        if (input.isFeatured !== undefined && input.isFeatured !== null) product.isFeatured = input.isFeatured;
        if (input.rating !== undefined && input.rating !== null) product.rating = input.rating;
        product.updatedAt = ctx.clock.now();
        await em.getRepository(Product).save(product);

        if (removed.length) await em.getRepository(ProductImage).delete(removed.map((image) => image.id));
        for (const [position, image] of kept.entries()) {
          if (image.position !== position) await em.getRepository(ProductImage).update(image.id, { position });
        }
        await this.insertImages(em, product.id, added, kept.length, key);
        return { product, removed, unused: added === stored ? [] : stored };
      });
      await this.discard(ctx, [...removed, ...unused]);
      ctx.loaders.productImages.clear(product.id);
      return product;
    } catch (error) {
      await this.discard(ctx, stored);
      throw error;
    }
  }

  async remove(ctx: RequestContext, id: string): Promise<Product> {
    requireAdmin(ctx);
    if (!isUUID(id)) throw notFound(M.notFound);
    const { product, images } = await retryingTransaction(ctx, async (em) => {
      // The product's row first, then the cart lines: checkout takes them in that order (stock, then the buyer's
      // lines), and a delete taking them the other way round deadlocked with it.
      const product = await lockedRow(em, Product, id);
      if (!product) throw notFound(M.notFound);
      const images = await em.getRepository(ProductImage).findBy({ productId: product.id });
      // Carts keep their lines of it, shown from a snapshot of the product as it is now (REST-COMPAT).
      await em.getRepository(CartItem).update({ productId: product.id }, snapshotOf(product));
      await em.getRepository(Product).delete(product.id);
      return { product, images };
    });
    await this.discard(ctx, images);
    return Object.assign(product, { id });
  }

  private checkImageCount(count: number): void {
    if (count > MAX_IMAGES_PER_PRODUCT) throw badInput(M.tooManyImages, 'images');
    if (count < 1) throw badInput(M.lastImage, 'images');
  }

  /** Checks every file before storing any, so a bad third image leaves nothing behind. */
  private async storeImages(ctx: RequestContext, files: IncomingFile[]): Promise<StoredImage[]> {
    const maxBytes = ctx.deps.config.uploadMaxBytes;
    const variants = [];
    for (const file of files) variants.push(await toImageVariants(file, maxBytes));
    const storage = this.storage(ctx);
    return Promise.all(variants.map((image) => storeImageVariants(storage, 'products', image)));
  }

  private async insertImages(
    em: EntityManager,
    productId: string,
    stored: StoredImage[],
    from: number,
    updateKey: string | null = null,
  ) {
    if (stored.length === 0) return;
    const repo = em.getRepository(ProductImage);
    await repo.insert(
      stored.map((image, index) => repo.create({ productId, position: from + index, updateKey, ...image })),
    );
  }

  /** Files no row points at any more; a failure here only leaves an orphan file, so it is logged. */
  private async discard(ctx: RequestContext, images: Pick<StoredImage, 'smallKey' | 'largeKey'>[]) {
    if (images.length === 0) return;
    await this.storage(ctx)
      .remove(images.flatMap((image) => [image.smallKey, image.largeKey]))
      .catch((err: unknown) => ctx.logger.warn({ err }, 'could not delete stored images'));
  }
}
