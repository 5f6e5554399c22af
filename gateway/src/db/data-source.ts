import { DataSource, type Logger as TypeOrmLogger } from 'typeorm';
import type { Logger } from '../common/logger';
import { SnakeNamingStrategy } from './naming-strategy';
import { entities } from './entities';
import { migrations } from './migrations';

export type DataSourceOptions = {
  /** TypeORM's own logger, which sees every statement (the tests count them). */
  logger?: TypeOrmLogger;
  /** Else where a failed statement is told, without its parameters (see queryErrorLogger); else nowhere. */
  log?: Logger;
  poolSize?: number;
  /** How long a query waits for a pooled connection before it fails (see `databaseUnavailable`); 10 s by default. */
  waitMs?: number;
};

export function createDataSource(url: string, options: DataSourceOptions = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities,
    migrations,
    migrationsRun: false,
    synchronize: false,
    namingStrategy: new SnakeNamingStrategy(),
    logger: options.logger ?? queryErrorLogger(options.log),
    logging: options.logger ? ['query', 'error'] : ['error'],
    extra: { max: options.poolSize ?? 20, connectionTimeoutMillis: options.waitMs ?? 10_000 },
  });
}

/**
 * TypeORM's failed statements, through pino at debug level: the SQL and PostgreSQL's error code and message, never the
 * parameters (password hashes, e-mails) nor the error's detail (the clashing row's values). TypeORM's own console logger
 * printed all of them as plain text beside the JSON log. Debug, because the error also reaches the code that ran the
 * statement: a handled one (a unique e-mail taken by a racing sign-up) is no fault, and an unhandled one is logged
 * with its request.
 */
function queryErrorLogger(log: Logger | undefined): TypeOrmLogger {
  const quiet = () => undefined;
  return {
    logQuery: quiet,
    logQuerySlow: quiet,
    logSchemaBuild: quiet,
    logMigration: quiet,
    log: quiet,
    logQueryError(error, query) {
      // TypeORM hands over the driver's own error: node-postgres', whose `code` is PostgreSQL's SQLSTATE.
      const code = typeof error === 'string' ? undefined : (error as { code?: unknown }).code;
      log?.debug({ query, code, message: typeof error === 'string' ? error : error.message }, 'query failed');
    },
  };
}

/** Runs pending migrations; several replicas starting at once are serialised by an advisory lock. */
export async function migrate(dataSource: DataSource): Promise<number> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(727272)');
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.length;
  } finally {
    await runner.query('SELECT pg_advisory_unlock(727272)').catch(() => undefined);
    await runner.release();
  }
}
