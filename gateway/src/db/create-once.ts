import type { DataSource, EntityTarget, FindOptionsWhere } from 'typeorm';
import { conflict } from '../common/errors';
import { pgError, UNIQUE_VIOLATION } from '../common/pg-errors';

type Keyed = { creationKey: string | null };

/**
 * Makes a row once per creation key (`CreationKey` in common/validation). `fields` are the row's own values, which
 * `create` inserts (with the key) and a create sent again must match: when a create with this key made a row already,
 * that row is the answer and nothing is made; when the row made has other values (the form was changed after the
 * failure whose answer was lost), the create is refused with `changed`, which says where to change the row made,
 * rather than answering with it as if the change had been saved. Two creates with one key that race both run
 * `create`; the unique `constraint` on the key refuses the later insert, which PostgreSQL raises only once the first
 * has committed, so its row is there to answer with (or, deleted as soon as made, `create` runs again). `create`
 * undoes what it did outside the database (stored files) when it throws. Without a key, `create` just runs.
 */
export async function createOnce<T extends Keyed>(
  db: DataSource,
  target: { entity: EntityTarget<T>; constraint: string; changed: string },
  key: string | null | undefined,
  fields: Partial<T>,
  create: (row: Partial<T>) => Promise<T>,
): Promise<T> {
  if (!key) return create({ ...fields, creationKey: null });
  const madeBefore = async () => {
    const row = await db.getRepository(target.entity).findOneBy({ creationKey: key } as FindOptionsWhere<T>);
    if (row && Object.entries(fields).some(([name, value]) => row[name as keyof T] !== value)) {
      throw conflict(target.changed);
    }
    return row;
  };
  for (let attempt = 0; ; attempt++) {
    const earlier = await madeBefore();
    if (earlier) return earlier;
    try {
      return await create({ ...fields, creationKey: key });
    } catch (error) {
      const { code, constraint } = pgError(error);
      if (code !== UNIQUE_VIOLATION || constraint !== target.constraint || attempt > 0) throw error;
    }
  }
}
