import { DataSource, type Logger as TypeOrmLogger } from 'typeorm';
import { SnakeNamingStrategy } from './naming-strategy';
import { entities } from './entities';
import { migrations } from './migrations';

export type DataSourceOptions = {
  logger?: TypeOrmLogger;
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
    logger: options.logger,
    logging: options.logger ? ['query', 'error'] : ['error'],
    extra: { max: options.poolSize ?? 20, connectionTimeoutMillis: options.waitMs ?? 10_000 },
  });
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
