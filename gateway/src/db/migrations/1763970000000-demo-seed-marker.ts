import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Remembers that the demo data was loaded, so the seed looks at the venue's own data rather than at its users: an admin
 * made with `npm run create-admin` before the first start no longer stops the demo venue from being seeded, and a venue
 * whose demo data was deleted is not seeded again (with the demo accounts' published passwords).
 */
export class DemoSeedMarker1763970000000 implements MigrationInterface {
  name = 'DemoSeedMarker1763970000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE demo_seed (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        seeded_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Databases seeded before this migration keep their data: the seed sees their products.
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE demo_seed');
  }
}
