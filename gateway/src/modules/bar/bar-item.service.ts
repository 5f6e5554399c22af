import { isUUID } from 'class-validator';
import type { RequestContext } from '../../graphql/context';
import { requireAdmin } from '../../graphql/auth-checker';
import { notFound } from '../../common/errors';
import { toCents } from '../../common/money';
import { storageFor } from '../../common/storage';
import { storeImageVariants, toImageVariants, type IncomingFile, type StoredImage } from '../../common/images';
import { BAR_CATEGORY_ORDER, BarCategory, BarItem } from './bar-item.entity';
import { BAR_MESSAGES as M, type CreateBarItemInput, type UpdateBarItemInput } from './bar-item.inputs';
import { lockedRow } from '../../db/locks';
import { createOnce } from '../../db/create-once';
import { retryingTransaction } from '../../db/retrying-transaction';

/** The storage keys of an item's picture, as its row holds them. */
type StoredKeys = { smallKey: string | null; largeKey: string | null };

/** Menu items a form creates once (createOnce). */
const CREATED_ONCE = { entity: BarItem, constraint: 'bar_items_creation_key_key', changed: M.createdDifferently };

export class BarService {
  /** The whole menu, grouped Beverage, Snack, Cocktail, Meal, Other, by name inside a group. */
  async list(ctx: RequestContext): Promise<BarItem[]> {
    return ctx.deps.db
      .getRepository(BarItem)
      .createQueryBuilder('b')
      .orderBy('array_position(:order::text[], b.category::text)', 'ASC')
      .addOrderBy('b.name', 'ASC')
      .addOrderBy('b.id', 'ASC')
      .setParameter('order', BAR_CATEGORY_ORDER)
      .getMany();
  }

  async find(ctx: RequestContext, id: string): Promise<BarItem | null> {
    if (!isUUID(id)) return null;
    return ctx.deps.db.getRepository(BarItem).findOneBy({ id });
  }

  async get(ctx: RequestContext, id: string): Promise<BarItem> {
    const item = await this.find(ctx, id);
    if (!item) throw notFound(M.notFound);
    return item;
  }

  imageUrl(ctx: RequestContext, item: BarItem, variant: 'small' | 'large' = 'large'): string | null {
    const key = variant === 'small' ? item.imageSmallKey : item.imageLargeKey;
    return key ? storageFor(ctx.deps.config).url(key, ctx.origin) : null;
  }

  async create(ctx: RequestContext, input: CreateBarItemInput, image: IncomingFile | null): Promise<BarItem> {
    requireAdmin(ctx);
    const fields: Partial<BarItem> = {
      name: input.name.trim(),
      category: input.category ?? BarCategory.Other,
      description: input.description?.trim() ?? '',
      priceCents: toCents(input.price),
    };
    return createOnce(ctx.deps.db, CREATED_ONCE, input.creationKey, fields, (row) => this.insert(ctx, row, image));
  }

  private async insert(ctx: RequestContext, row: Partial<BarItem>, image: IncomingFile | null): Promise<BarItem> {
    const stored = image ? await this.storeImage(ctx, image) : null;
    try {
      const repo = ctx.deps.db.getRepository(BarItem);
      return await repo.save(
        repo.create({ ...row, imageSmallKey: stored?.smallKey ?? null, imageLargeKey: stored?.largeKey ?? null }),
      );
    } catch (error) {
      await this.discard(ctx, stored);
      throw error;
    }
  }

  async update(ctx: RequestContext, id: string, input: UpdateBarItemInput, image: IncomingFile | null) {
    requireAdmin(ctx);
    const found = await this.get(ctx, id); // unknown before any image is stored
    const stored = image ? await this.storeImage(ctx, image) : null;
    const dropPrevious = Boolean(stored || input.removeImage);
    let updated: { item: BarItem; previous: StoredKeys };
    try {
      updated = await retryingTransaction(ctx, async (em) => {
        // Read again under a row lock: an edit racing a delete must not write the item back (saving a row that is gone
        // inserts it), and edits racing each other each change what they were sent, on the row as it is now.
        const item = await lockedRow(em, BarItem, found.id);
        if (!item) throw notFound(M.notFound);
        const previous = { smallKey: item.imageSmallKey, largeKey: item.imageLargeKey };
        if (input.name !== undefined && input.name !== null) item.name = input.name.trim();
        if (input.price !== undefined && input.price !== null) item.priceCents = toCents(input.price);
        if (input.category) item.category = input.category;
        if (input.description !== undefined && input.description !== null) item.description = input.description.trim();
        if (dropPrevious) {
          item.imageSmallKey = stored?.smallKey ?? null;
          item.imageLargeKey = stored?.largeKey ?? null;
        }
        item.updatedAt = ctx.clock.now();
        return { item: await em.getRepository(BarItem).save(item), previous };
      });
    } catch (error) {
      await this.discard(ctx, stored);
      throw error;
    }
    if (dropPrevious) await this.discard(ctx, updated.previous);
    return updated.item;
  }

  async remove(ctx: RequestContext, id: string): Promise<BarItem> {
    requireAdmin(ctx);
    const item = await this.get(ctx, id);
    // The image keys as the row had them when it went: an edit just before may have replaced the picture.
    const { raw } = await ctx.deps.db
      .createQueryBuilder()
      .delete()
      .from(BarItem)
      .where('id = :id', { id: item.id })
      .returning(['imageSmallKey', 'imageLargeKey'])
      .execute();
    const [gone] = raw as { image_small_key: string | null; image_large_key: string | null }[];
    // Another delete took it between the read and ours: that one is the success, this one finds nothing.
    if (!gone) throw notFound(M.notFound);
    await this.discard(ctx, { smallKey: gone.image_small_key, largeKey: gone.image_large_key });
    return Object.assign(item, { id });
  }

  private async storeImage(ctx: RequestContext, file: IncomingFile): Promise<StoredImage> {
    const variants = await toImageVariants(file, ctx.deps.config.uploadMaxBytes, 'image');
    return storeImageVariants(storageFor(ctx.deps.config), 'bar', variants);
  }

  private async discard(ctx: RequestContext, image: StoredKeys | null) {
    const keys = [image?.smallKey, image?.largeKey].filter((key): key is string => Boolean(key));
    if (keys.length === 0) return;
    await storageFor(ctx.deps.config)
      .remove(keys)
      .catch((err: unknown) => ctx.logger.warn({ err }, 'could not delete stored images'));
  }
}
