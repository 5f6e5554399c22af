import { backOff } from 'exponential-backoff';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from '../common/logger';
import { isTransactionConflict, pgError } from '../common/pg-errors';

/** How often a transaction runs at most, its first run included. */
export const TRANSACTION_ATTEMPTS = 3;

/** What a retried transaction needs of the request: the database, and where to log the conflicts it ran again. */
export type TransactionContext = { deps: { db: DataSource }; logger: Logger };

/**
 * Runs `body` in a transaction and, when PostgreSQL rolls it back to break a deadlock (40P01) or for a serialization
 * failure (40001), runs the whole of it again in a fresh one, up to TRANSACTION_ATTEMPTS runs in all, after a short
 * random pause (up to 25 ms, then 50 ms) that lets the transaction it collided with finish. The rollback undid
 * everything the body wrote, so the caller sees one result; each conflict run again is logged as a warning, and the
 * last one is thrown as it came (answered 503, "try again"). Any other error is thrown at once.
 *
 * Only for a body that does nothing but read and write the database: anything else it does (a call to Stripe, a mail,
 * a file, a value kept in a variable outside it) would be done once per run. Such work goes after the commit, or the
 * transaction is not retried.
 */
export function retryingTransaction<T>(ctx: TransactionContext, body: (em: EntityManager) => Promise<T>): Promise<T> {
  return backOff(() => ctx.deps.db.transaction(body), {
    numOfAttempts: TRANSACTION_ATTEMPTS,
    startingDelay: 25,
    timeMultiple: 2,
    jitter: 'full',
    retry: (err: unknown, attempt: number) => {
      if (!isTransactionConflict(err) || attempt >= TRANSACTION_ATTEMPTS) return false;
      // The statement without its parameters, as the data source logs a failed one: they can hold anyone's details.
      const { query } = err as { query?: string };
      ctx.logger.warn(
        { sqlState: pgError(err).code, attempt, query },
        'transaction rolled back by PostgreSQL, running it again',
      );
      return true;
    },
  });
}
