import type { DataSource, QueryRunner } from 'typeorm';

/**
 * Resolves once another session waits for a lock that `holder` (a test's own transaction) holds: the request under
 * test has got as far as the held row. Sooner and surer than sleeping for a while.
 */
export async function waitForLockWaiter(db: DataSource, holder: QueryRunner): Promise<void> {
  const [{ pid }] = (await holder.query('SELECT pg_backend_pid() AS pid')) as { pid: number }[];
  await waitForCount(
    db,
    'SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
    [pid],
    1,
  );
}

/**
 * Resolves once `count` sessions of `db`'s database wait for a lock: for a test's held row, say, or for another
 * waiter (a row's second waiter queues behind its first, not behind the row's holder).
 */
export async function waitForLockWaiters(db: DataSource, count: number): Promise<void> {
  await waitForCount(
    db,
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND cardinality(pg_blocking_pids(pid)) > 0`,
    [],
    count,
  );
}

async function waitForCount(db: DataSource, sql: string, params: unknown[], count: number): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 5_000;) {
    const [{ n }] = (await db.query(sql, params)) as { n: number }[];
    if (n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${count} sessions waited for a held lock within 5 s`);
}
