import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions ended by a logout: their tokens (`sid`) open nothing from then on, though unexpired. A row is needed only
 * until the last of its tokens would have expired anyway (`expires_at`), and is deleted after.
 */
export class EndedSessions1764300000000 implements MigrationInterface {
  name = 'EndedSessions1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE ended_sessions (
        session_id varchar(32) PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL
      )`);
    await db.query('CREATE INDEX ended_sessions_expires_at ON ended_sessions (expires_at)');
    await db.query('CREATE INDEX ended_sessions_user_id ON ended_sessions (user_id)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE ended_sessions');
  }
}
