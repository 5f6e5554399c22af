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

/**
 * Sends `request` into genuine deadlocks, `deadlocks` runs of its transaction in a row, and answers what it answered.
 * The request's transaction takes the row of `userId` (the cart's or the checkout's lock) and then needs a lock that
 * the test's own transaction took first (`hold`); once it waits there, the test asks for the user's row. PostgreSQL
 * rolls the request's run back: its wait began first, so its deadlock check is the one that runs while the cycle
 * stands (the test's is put off for good measure). The test lets go of the user's row again (rolling back to a
 * savepoint) while still holding the rest, so the next run deadlocks the same way; after the last one, it lets go of
 * everything and the request goes on.
 */
export async function sendIntoDeadlocks<T>(
  db: DataSource,
  {
    userId,
    hold,
    deadlocks = 1,
  }: { userId: string; hold: (test: QueryRunner) => Promise<unknown>; deadlocks?: number },
  request: () => Promise<T>,
): Promise<T> {
  const test = db.createQueryRunner();
  await test.connect();
  await test.startTransaction();
  let answer: Promise<T>;
  try {
    await test.query(`SET LOCAL deadlock_timeout = '20s'`);
    await hold(test);
    answer = request();
    for (let deadlock = 0; deadlock < deadlocks; deadlock++) {
      await waitForLockWaiter(db, test);
      await test.query('SAVEPOINT before_user');
      await test.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]); // once the request's run rolled back
      await test.query('ROLLBACK TO SAVEPOINT before_user');
    }
  } finally {
    await test.rollbackTransaction();
    await test.release();
  }
  return answer;
}

async function waitForCount(db: DataSource, sql: string, params: unknown[], count: number): Promise<void> {
  for (const started = Date.now(); Date.now() - started < 5_000;) {
    const [{ n }] = (await db.query(sql, params)) as { n: number }[];
    if (n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${count} sessions waited for a held lock within 5 s`);
}
