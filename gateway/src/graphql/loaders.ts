import DataLoader from 'dataloader';
import { In, type DataSource } from 'typeorm';
import { User } from '../modules/auth/user.entity';
import { Station } from '../modules/booking/station.entity';

/** Loads rows by id in one query per request and per kind, in the order asked. */
export function byIdLoader<T extends { id: string }>(load: (ids: readonly string[]) => Promise<T[]>) {
  return new DataLoader<string, T | null>(async (ids) => {
    const rows = await load(ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  });
}

/** Per-request DataLoaders: relations are fetched once per request, never row by row. */
export function createLoaders(db: DataSource) {
  return {
    user: byIdLoader((ids) => db.getRepository(User).findBy({ id: In([...ids]) })),
    station: byIdLoader((ids) => db.getRepository(Station).findBy({ id: In([...ids]) })),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
