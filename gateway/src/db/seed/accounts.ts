import type { Seeder } from './index';
import { upsertConfirmedAccount } from '../../modules/auth/accounts';

export const DEMO_ACCOUNTS = [
  { username: 'admin', email: 'admin@checkpoint.local', password: 'admin123', isAdmin: true },
  { username: 'player', email: 'player@checkpoint.local', password: 'player123', isAdmin: false },
] as const;

/** A confirmed admin and a confirmed customer, printed in the start-up log so a newcomer can log in. */
export const accountsSeeder: Seeder = {
  name: 'accounts',
  async run(deps) {
    for (const account of DEMO_ACCOUNTS) {
      await upsertConfirmedAccount(deps.db, account);
      deps.logger.info(`Demo ${account.isAdmin ? 'admin' : 'customer'} login: ${account.email} / ${account.password}`);
    }
  },
};
