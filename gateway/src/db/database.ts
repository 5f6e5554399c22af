import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { Config } from '../config';
import type { Logger } from '../common/logger';
import { createDataSource, migrate } from './data-source';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres';

export type Database = {
  db: DataSource;
  reportingDb: DataSource;
  /** Closes the pools, then stops the embedded PostgreSQL if we started one. */
  close: () => Promise<void>;
};

/** DATABASE_URL when set, else an embedded PostgreSQL in <data>/pg; migrated before use. */
export async function openDatabase(
  config: Config,
  logger: Logger,
  options: { onLost?: () => void } = {},
): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: join(config.dataDir, 'pg'),
      port: config.embeddedPgPort,
      logger,
      onLost: options.onLost,
    });
    url = embedded.url();
  }
  const db = createDataSource(url, { waitMs: config.databaseWaitMs, log: logger });
  let reportingDb = db;
  try {
    await connect(db, embedded ? 'the embedded PostgreSQL' : 'DATABASE_URL');
    const applied = await migrate(db);
    if (applied) logger.info({ applied }, 'database migrated');
    if (config.reportingDatabaseUrl) {
      reportingDb = createDataSource(config.reportingDatabaseUrl, {
        poolSize: 5,
        waitMs: config.databaseWaitMs,
        log: logger,
      });
      await connect(reportingDb, 'REPORTING_DATABASE_URL');
    }
  } catch (error) {
    if (db.isInitialized) await db.destroy().catch(() => undefined);
    await embedded?.stop();
    throw error;
  }
  return {
    db,
    reportingDb,
    close: async () => {
      if (reportingDb !== db) await reportingDb.destroy().catch(() => undefined);
      await db.destroy().catch(() => undefined);
      await embedded?.stop();
    },
  };
}

/** Connects a pool, naming the setting it came from when it cannot ("DATABASE_URL: could not connect: ECONNREFUSED…"). */
async function connect(db: DataSource, source: string): Promise<void> {
  try {
    await db.initialize();
  } catch (error) {
    throw new Error(`${source}: could not connect`, { cause: error });
  }
}
