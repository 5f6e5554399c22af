import type { DataSource, EntityTarget, FindOptionsWhere } from 'typeorm';
import { pgError, UNIQUE_VIOLATION } from '../common/pg-errors';

type Keyed = { creationKey: string | null };

/**
 * Runs `create` once per creation key (`CreationKey` in common/validation): when a create with this key made a row
 * already, that row is the answer and nothing is made. Two creates with one key that race both run `create`; the
 * unique `constraint` on the key refuses the later insert, which PostgreSQL raises only once the first has committed,
 * so its row is there to answer with. `create` undoes what it did outside the database (stored files) when it throws.
 * Without a key, `create` just runs.
 */
export async function createOnce<T extends Keyed>(
  db: DataSource,
  entity: EntityTarget<T>,
  constraint: string,
  key: string | null | undefined,
  create: () => Promise<T>,
): Promise<T> {
  if (!key) return create();
  const made = () => db.getRepository(entity).findOneBy({ creationKey: key } as FindOptionsWhere<T>);
  const earlier = await made();
  if (earlier) return earlier;
  try {
    return await create();
  } catch (error) {
    const { code, constraint: refusedBy } = pgError(error);
    const winner = code === UNIQUE_VIOLATION && refusedBy === constraint ? await made() : null;
    if (winner) return winner;
    throw error;
  }
}
