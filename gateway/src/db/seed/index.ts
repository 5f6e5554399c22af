import type { EntityManager } from 'typeorm';
import type { AppDeps } from '../../graphql/context';
import { accountsSeeder } from './accounts';
import { productSeeder } from '../../modules/catalog/product.seed';
import { barSeeder } from '../../modules/bar/bar-item.seed';
import { historySeeder } from './history';

/** What a seeder gets: the app's dependencies, with the seed's one transaction as its database. */
export type SeedDeps = Omit<AppDeps, 'db'> & { db: EntityManager };
export type Seeder = { name: string; run: (deps: SeedDeps) => Promise<void> };

/** Demo data for an empty database, in dependency order. */
const seeders: Seeder[] = [accountsSeeder, productSeeder, barSeeder, historySeeder];

/**
 * Seeds a venue that has no data of its own yet (no products, bar items, bookings or orders; accounts made with
 * `npm run create-admin` do not count) and was never seeded, so a fresh `npm start` shows a living venue. All of it in
 * one transaction: a start stopped half-way (Ctrl-C while seeding) leaves the database as it was, and the next start
 * seeds it whole. The lock makes a second gateway starting on the same database wait, then find it seeded.
 */
export async function seedDemoDataIfEmpty(deps: AppDeps): Promise<boolean> {
  return deps.db.transaction(async (db) => {
    await db.query("SELECT pg_advisory_xact_lock(hashtext('checkpoint demo seed'))");
    const [{ seeded }] = await db.query(`
      SELECT EXISTS (SELECT 1 FROM demo_seed) OR EXISTS (SELECT 1 FROM products) OR EXISTS (SELECT 1 FROM bar_items)
          OR EXISTS (SELECT 1 FROM bookings) OR EXISTS (SELECT 1 FROM orders) AS seeded`);
    if (seeded) return false;
    for (const seeder of seeders) {
      deps.logger.info({ seeder: seeder.name }, 'seeding demo data');
      await seeder.run({ ...deps, db });
    }
    await db.query('INSERT INTO demo_seed DEFAULT VALUES');
    return true;
  });
}
