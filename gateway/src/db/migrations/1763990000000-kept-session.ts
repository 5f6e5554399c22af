import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A password change ends every session of the account but the one making it: the user row remembers that session (its
 * tokens' `sid`) and the token version it had, whose tokens go on working.
 */
export class KeptSession1763990000000 implements MigrationInterface {
  name = 'KeptSession1763990000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users ADD COLUMN kept_session_id varchar(32), ADD COLUMN kept_session_version integer');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE users DROP COLUMN kept_session_id, DROP COLUMN kept_session_version');
  }
}
