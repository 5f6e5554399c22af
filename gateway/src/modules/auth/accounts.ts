import type { DataSource, EntityManager } from 'typeorm';
import { User } from './user.entity';
import { retireLinks } from './user-token.entity';
import { hashPassword } from './passwords';
import { canonicalEmail } from '../../common/email-address';

/**
 * Creates a confirmed account, or brings an existing one (same e-mail, any case) to
 * the given password and role, confirming it. A new password revokes older tokens, a pending e-mail change and the
 * reset links still in a mailbox.
 */
export async function upsertConfirmedAccount(
  db: DataSource | EntityManager,
  account: { email: string; password: string; username?: string; isAdmin: boolean },
): Promise<{ user: User; created: boolean }> {
  const email = canonicalEmail(account.email);
  const passwordHash = await hashPassword(account.password);
  return db.transaction(async (tx) => {
    const users = tx.getRepository(User);
    const existing = await users.createQueryBuilder('u').where('lower(u.email) = :email', { email }).getOne();
    if (existing) {
      await users
        .createQueryBuilder()
        .update(User)
        .set({
          passwordHash,
          isAdmin: account.isAdmin || existing.isAdmin,
          emailConfirmedAt: () => 'coalesce(email_confirmed_at, now())',
          tokenVersion: () => 'token_version + 1',
          keptSessionId: null,
          keptSessionVersion: null,
          // As a password change does (AuthService.setPassword): whoever asked for a new address or a reset link
          // before the operator stepped in must not finish either.
          pendingEmail: null,
        })
        .where('id = :id', { id: existing.id })
        .execute();
      await retireLinks(tx, existing.id, ['email_change', 'password_reset'], new Date());
      return { user: await users.findOneByOrFail({ id: existing.id }), created: false };
    }
    const user = await users.save(
      users.create({
        username: account.username?.trim() || email.split('@')[0],
        email,
        phone: '',
        passwordHash,
        isAdmin: account.isAdmin,
        emailConfirmedAt: new Date(),
      }),
    );
    return { user, created: true };
  });
}
