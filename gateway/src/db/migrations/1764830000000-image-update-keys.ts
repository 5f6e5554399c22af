import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The key of the product edit that added an image (`updateKey` of `updateProduct`): an edit whose answer was lost,
 * sent again with the same key, finds its images added already and adds them no second time. The rest of an edit
 * (its fields, the images it removes) comes out the same however often it is applied.
 */
export class ImageUpdateKeys1764830000000 implements MigrationInterface {
  name = 'ImageUpdateKeys1764830000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE product_images ADD COLUMN update_key varchar(64)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE product_images DROP COLUMN update_key');
  }
}
