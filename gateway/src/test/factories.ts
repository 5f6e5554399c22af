import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { User } from '../modules/auth/user.entity';
import { newSessionId, signAuthToken } from '../modules/auth/auth-token';
import { Product, ProductCategory, ProductPlatform } from '../modules/catalog/product.entity';
import { CartItem } from '../modules/cart/cart-item.entity';
import { snapshotOf } from '../modules/cart/cart.service';

/**
 * Fixture users straight in the database, with a valid bearer token each. Written in plain SQL, naming only the columns
 * set here: the migration specs make users on the schema as it was before a migration, which lacks the columns added
 * since (a save names every column of the entity).
 */
export async function createUser(
  db: DataSource,
  jwtSecret: string,
  overrides: Partial<Pick<User, 'username' | 'email' | 'phone' | 'isAdmin' | 'emailConfirmedAt' | 'passwordHash'>> = {},
): Promise<{ user: User; token: string }> {
  const suffix = randomUUID().slice(0, 8);
  const values = {
    username: `player_${suffix}`,
    email: `player_${suffix}@example.com`,
    phone: '',
    passwordHash: 'not-a-real-hash',
    isAdmin: false,
    emailConfirmedAt: new Date() as Date | null,
    ...overrides,
  };
  const [row] = (await db.query(
    `INSERT INTO users (username, email, phone, password_hash, is_admin, email_confirmed_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, token_version, created_at, updated_at`,
    [values.username, values.email, values.phone, values.passwordHash, values.isAdmin, values.emailConfirmedAt],
  )) as { id: string; token_version: number; created_at: Date; updated_at: Date }[];
  const user = db.getRepository(User).create({
    ...values,
    id: row.id,
    tokenVersion: row.token_version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    pendingEmail: null,
    keptSessionId: null,
    keptSessionVersion: null,
  });
  return { user, token: signAuthToken(user, jwtSecret, newSessionId()) };
}

export const createAdmin = (db: DataSource, jwtSecret: string, overrides: Parameters<typeof createUser>[2] = {}) =>
  createUser(db, jwtSecret, { isAdmin: true, ...overrides });

/** A product straight in the database (no image files): price in cents, stock in `amount`. */
export async function createProduct(
  db: DataSource,
  overrides: Partial<Pick<Product, 'name' | 'priceCents' | 'discount' | 'amount' | 'category' | 'platform'>> = {},
): Promise<Product> {
  const repo = db.getRepository(Product);
  return repo.save(
    repo.create({
      name: `Game ${randomUUID().slice(0, 6)}`,
      description: 'A test product.',
      priceCents: 1000,
      discount: 0,
      amount: 10,
      category: ProductCategory.Game,
      platform: ProductPlatform.PS5,
      brand: null,
      isFeatured: false,
      rating: 0,
      ...overrides,
    }),
  );
}

/** A cart line straight in the database, with its snapshot of the product as it is now. */
export function addCartLine(db: DataSource, userId: string, product: Product, quantity = 1): Promise<unknown> {
  return db.getRepository(CartItem).insert({ userId, productId: product.id, quantity, ...snapshotOf(product) });
}

/** The checkout form's details, as a customer fills them in. */
export const CHECKOUT_DETAIL = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+1 555 0100',
  address: '1 Analytical Way',
  city: 'London',
  zip: '10001',
  notes: '',
};
