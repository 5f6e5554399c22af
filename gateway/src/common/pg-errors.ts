export const UNIQUE_VIOLATION = '23505';
export const EXCLUSION_VIOLATION = '23P01';

/** The SQLSTATE and constraint of a PostgreSQL error, whether TypeORM wrapped it or not. */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  const e = err as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } } | null;
  return { code: e?.driverError?.code ?? e?.code, constraint: e?.driverError?.constraint ?? e?.constraint };
}
