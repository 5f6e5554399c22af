import type { AppDeps } from '../../graphql/context';
import { accountsSeeder } from './accounts';
import { productSeeder } from '../../modules/catalog/product.seed';
import { barSeeder } from '../../modules/bar/bar-item.seed';
import { historySeeder } from './history';

export type Seeder = { name: string; run: (deps: AppDeps) => Promise<void> };

/** Demo data for an empty database, in dependency order. */
const seeders: Seeder[] = [accountsSeeder, productSeeder, barSeeder, historySeeder];

/** Seeds an empty database (no users yet) so a fresh `npm start` shows a living venue. */
export async function seedDemoDataIfEmpty(deps: AppDeps): Promise<boolean> {
  const [{ count }] = await deps.db.query('SELECT count(*)::int AS count FROM users');
  if (count > 0) return false;
  for (const seeder of seeders) {
    deps.logger.info({ seeder: seeder.name }, 'seeding demo data');
    await seeder.run(deps);
  }
  return true;
}
