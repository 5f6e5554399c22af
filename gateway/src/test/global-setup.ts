import 'reflect-metadata';
import { mkdtempSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import pino from 'pino';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import { createDataSource, migrate } from '../db/data-source';

export const TEMPLATE_DB = 'migrated_template';

/** One real PostgreSQL for the whole run, with a migrated template every test file copies. */
export default async function globalSetup(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'checkpoint-test-pg-'));
  chmodSync(dataDir, 0o755);
  const pg = await startEmbeddedPostgres({
    dataDir: join(dataDir, 'pg'),
    logger: pino({ level: 'warn' }),
    persistent: false,
  });
  const admin = new Client({ connectionString: pg.url() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();

  const template = createDataSource(pg.url(TEMPLATE_DB));
  await template.initialize();
  await migrate(template);
  await template.destroy();

  process.env.TEST_PG_URL = pg.url();
  (globalThis as { __checkpointPg?: { stop: () => Promise<void>; dataDir: string } }).__checkpointPg = {
    stop: pg.stop,
    dataDir,
  };
}
