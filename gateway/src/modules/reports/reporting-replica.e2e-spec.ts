import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../config';
import { createDataSource } from '../../db/data-source';
import { openDatabase } from '../../db/database';
import { createAdmin, createProduct } from '../../test/factories';
import { createTestApp, createTestDatabase } from '../../test/test-app';

const LOW_STOCK = `query Low($threshold: Int) { lowStock(threshold: $threshold) { name } }`;
const nameOf = (url: string) => new URL(url).pathname.slice(1);

describe('reports on a read replica (REPORTING_DATABASE_URL, real databases)', () => {
  it('opens the reports’ pool on REPORTING_DATABASE_URL and everything else on DATABASE_URL', async () => {
    const [primary, replica] = [await createTestDatabase(), await createTestDatabase()];
    const dataDir = mkdtempSync(join(tmpdir(), 'checkpoint-replica-'));
    const config = loadConfig({ DATABASE_URL: primary, REPORTING_DATABASE_URL: replica, DATA_DIR: dataDir });
    const database = await openDatabase(config, pino({ level: 'silent' }));
    try {
      const current = 'SELECT current_database() AS name';
      expect(await database.db.query(current)).toEqual([{ name: nameOf(primary) }]);
      expect(await database.reportingDb.query(current)).toEqual([{ name: nameOf(replica) }]);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers the reports from the replica, not from the primary', async () => {
    const replica = await createTestDatabase();
    const app = await createTestApp({ REPORTING_DATABASE_URL: replica });
    const replicaDb = createDataSource(replica);
    await replicaDb.initialize();
    try {
      const admin = await createAdmin(app.db, app.deps.jwtSecret);
      await createProduct(app.db, { name: 'Only On The Primary', amount: 0 });
      await createProduct(replicaDb, { name: 'Only On The Replica', amount: 0 });
      const res = await app.gql<{ lowStock: { name: string }[] }>(LOW_STOCK, { threshold: 0 }, { token: admin.token });
      expect(res.errors).toBeUndefined();
      expect(res.data!.lowStock.map((product) => product.name)).toEqual(['Only On The Replica']);
    } finally {
      await replicaDb.destroy();
      await app.close();
    }
  });
});
