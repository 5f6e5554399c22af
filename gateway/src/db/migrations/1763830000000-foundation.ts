import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763830000000 implements MigrationInterface {
  name = 'Foundation1763830000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE EXTENSION IF NOT EXISTS btree_gist');
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await db.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        username varchar(60) NOT NULL,
        email varchar(254) NOT NULL,
        phone varchar(40) NOT NULL DEFAULT '',
        password_hash text NOT NULL,
        is_admin boolean NOT NULL DEFAULT false,
        email_confirmed_at timestamptz,
        token_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE UNIQUE INDEX users_email_unique ON users (lower(email))');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE users');
  }
}
