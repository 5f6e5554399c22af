import type { DataSource, QueryRunner } from 'typeorm';

/**
 * Resolves once another session waits for a lock that `holder` (a test's own transaction) holds: the request under
 * test has got as far as the held row. Sooner and surer than sleeping for a while.
 */
export async function waitForLockWaiter(db: DataSource, holder: QueryRunner): Promise<void> {
  const [{ pid }] = (await holder.query('SELECT pg_backend_pid() AS pid')) as { pid: number }[];
  for (const started = Date.now(); Date.now() - started < 5_000;) {
    const waiting = (await db.query('SELECT 1 FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [
      pid,
    ])) as unknown[];
    if (waiting.length) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('nothing waited for the held lock within 5 s');
}
