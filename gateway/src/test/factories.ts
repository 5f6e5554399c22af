import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { User } from '../modules/auth/user.entity';
import { signAuthToken } from '../modules/auth/auth-token';

/** Fixture users straight in the database, with a valid bearer token each. */
export async function createUser(
  db: DataSource,
  jwtSecret: string,
  overrides: Partial<Pick<User, 'username' | 'email' | 'phone' | 'isAdmin' | 'emailConfirmedAt' | 'passwordHash'>> = {},
): Promise<{ user: User; token: string }> {
  const suffix = randomUUID().slice(0, 8);
  const repo = db.getRepository(User);
  const user = await repo.save(
    repo.create({
      username: `player_${suffix}`,
      email: `player_${suffix}@example.com`,
      phone: '',
      passwordHash: 'not-a-real-hash',
      isAdmin: false,
      emailConfirmedAt: new Date(),
      ...overrides,
    }),
  );
  return { user, token: signAuthToken(user, jwtSecret) };
}

export const createAdmin = (db: DataSource, jwtSecret: string, overrides: Parameters<typeof createUser>[2] = {}) =>
  createUser(db, jwtSecret, { isAdmin: true, ...overrides });
