import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * How a row is held until its transaction ends: against every other writer (`pessimistic_write`, FOR UPDATE), or only
 * against its deletion and key changes (`for_key_share`, FOR KEY SHARE: a reference to it is being written).
 */
export type RowLock = 'pessimistic_write' | 'for_key_share';

/** The row with this id read again under a lock held until the transaction ends; null when it is gone. */
export function lockedRow<T extends ObjectLiteral>(
  em: EntityManager,
  entity: EntityTarget<T>,
  id: string,
  lock: RowLock = 'pessimistic_write',
): Promise<T | null> {
  return em.getRepository(entity).createQueryBuilder('locked').setLock(lock).whereInIds(id).getOne();
}
