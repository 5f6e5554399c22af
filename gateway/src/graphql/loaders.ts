import DataLoader from 'dataloader';
import { In, type DataSource } from 'typeorm';
import { User } from '../modules/auth/user.entity';
import { Station } from '../modules/booking/station.entity';
import { Product, ProductImage } from '../modules/catalog/product.entity';
import { OrderItem } from '../modules/orders/order.entity';

/** Loads rows by id in one query per request and per kind, in the order asked. */
export function byIdLoader<T extends { id: string }>(load: (ids: readonly string[]) => Promise<T[]>) {
  return new DataLoader<string, T | null>(async (ids) => {
    const rows = await load(ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  });
}

/** Loads the rows that belong to each parent id in one query, grouped in the order asked. */
export function groupLoader<T>(load: (ids: readonly string[]) => Promise<T[]>, parentOf: (row: T) => string) {
  return new DataLoader<string, T[]>(async (ids) => {
    const groups = new Map<string, T[]>(ids.map((id) => [id, []]));
    for (const row of await load(ids)) groups.get(parentOf(row))?.push(row);
    return ids.map((id) => groups.get(id) ?? []);
  });
}

/** Per-request DataLoaders: relations are fetched once per request, never row by row. */
export function createLoaders(db: DataSource) {
  return {
    user: byIdLoader((ids) => db.getRepository(User).findBy({ id: In([...ids]) })),
    station: byIdLoader((ids) => db.getRepository(Station).findBy({ id: In([...ids]) })),
    product: byIdLoader((ids) => db.getRepository(Product).findBy({ id: In([...ids]) })),
    orderItems: groupLoader(
      (ids) => db.getRepository(OrderItem).find({ where: { orderId: In([...ids]) }, order: { position: 'ASC' } }),
      (item) => item.orderId,
    ),
    productImages: groupLoader(
      (ids) => db.getRepository(ProductImage).find({ where: { productId: In([...ids]) }, order: { position: 'ASC' } }),
      (image) => image.productId,
    ),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
