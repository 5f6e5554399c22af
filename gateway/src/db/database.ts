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
export async function openDatabase(config: Config, logger: Logger): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: join(config.dataDir, 'pg'),
      port: config.embeddedPgPort,
      logger,
    });
    url = embedded.url();
  }
  const db = createDataSource(url);
  try {
    await db.initialize();
    const applied = await migrate(db);
    if (applied) logger.info({ applied }, 'database migrated');
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  let reportingDb = db;
  if (config.reportingDatabaseUrl) {
    reportingDb = createDataSource(config.reportingDatabaseUrl, { poolSize: 5 });
    await reportingDb.initialize();
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
