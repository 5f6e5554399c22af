import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A new e-mail address waits for confirmation, as a sign-up's does: the account keeps its address (and logs in with
 * it) while the new one is `pending_email`, until the `email_change` link mailed there is opened. Not unique: an
 * address someone only asked for is nobody's yet, and the unique index on `email` decides when it is confirmed.
 */
export class PendingEmail1764700000000 implements MigrationInterface {
  name = 'PendingEmail1764700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users ADD COLUMN pending_email varchar(254)');
    // The address an email_change link was mailed to: it confirms that address only, and says so when opened again.
    await db.query('ALTER TABLE user_tokens ADD COLUMN email varchar(254)');
    await db.query(`
      ALTER TABLE user_tokens
        DROP CONSTRAINT user_tokens_kind_check,
        ADD CONSTRAINT user_tokens_kind_check CHECK (kind IN ('email_confirmation', 'password_reset', 'email_change'))`);
  }

  async down(db: QueryRunner): Promise<void> {
    // The changes still waiting are dropped: the accounts keep the addresses they have.
    await db.query(`DELETE FROM user_tokens WHERE kind = 'email_change'`);
    await db.query(`
      ALTER TABLE user_tokens
        DROP CONSTRAINT user_tokens_kind_check,
        ADD CONSTRAINT user_tokens_kind_check CHECK (kind IN ('email_confirmation', 'password_reset'))`);
    await db.query('ALTER TABLE user_tokens DROP COLUMN email');
    await db.query('ALTER TABLE users DROP COLUMN pending_email');
  }
}
