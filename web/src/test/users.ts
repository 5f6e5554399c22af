import type { StoredUser } from '../lib/auth';

/** An admin as the app keeps a signed-in user (setStoredUser), for the tests of pages that show admins more. */
export const STORED_ADMIN: StoredUser = {
  _id: 'a1',
  id: 'a1',
  username: 'admin',
  email: 'admin@example.com',
  phone: '',
  isAdmin: true,
  token: 't',
};

/** A customer as the app keeps a signed-in user, told apart by `id`: its token is `token-<id>`. */
export const storedCustomer = (id: string): StoredUser => ({
  _id: id,
  id,
  username: `user ${id}`,
  email: `${id}@example.com`,
  phone: '',
  isAdmin: false,
  token: `token-${id}`,
});
