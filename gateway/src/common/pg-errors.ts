export const UNIQUE_VIOLATION = '23505';
export const EXCLUSION_VIOLATION = '23P01';
export const SERIALIZATION_FAILURE = '40001';
export const DEADLOCK_DETECTED = '40P01';

/** The SQLSTATE and constraint of a PostgreSQL error, whether TypeORM wrapped it or not. */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } } | null;
  return { code: e?.driverError?.code ?? e?.code, constraint: e?.driverError?.constraint ?? e?.constraint };
}

/**
 * PostgreSQL rolled the transaction back because it collided with another one: it was the victim chosen to break a
 * deadlock, or it could not be serialised (also how a read replica cancels a query that conflicts with replay).
 */
export function isTransactionConflict(err: unknown): boolean {
  const { code } = pgError(err);
  return code === DEADLOCK_DETECTED || code === SERIALIZATION_FAILURE;
}
