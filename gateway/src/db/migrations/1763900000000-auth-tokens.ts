import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AuthTokens1763900000000 implements MigrationInterface {
  name = 'AuthTokens1763900000000';

  async up(db: QueryRunner): Promise<void> {
    // E-mail confirmation and password reset links: only the sha256 of the token is kept.
    await db.query(`
      CREATE TABLE user_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind varchar(32) NOT NULL CHECK (kind IN ('email_confirmation', 'password_reset')),
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX user_tokens_user_id ON user_tokens (user_id)');
    // The table rate-limiter-flexible's RateLimiterPostgres expects (it is told tableCreated: true).
    await db.query(`
      CREATE TABLE rate_limits (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE rate_limits');
    await db.query('DROP TABLE user_tokens');
  }
}
