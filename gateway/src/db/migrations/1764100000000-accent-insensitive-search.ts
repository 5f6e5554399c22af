import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The shop's search ignores accents, both ways: "pokemon" finds "Pokémon" as "café" finds "Cafe". `fold_accents` is
 * the unaccent extension (a trusted one, like pg_trgm) as an immutable function, so the trigram indexes can be built
 * on it; it names the extension's schema, wherever that is, so it does not depend on the search_path.
 */
export class AccentInsensitiveSearch1764100000000 implements MigrationInterface {
  name = 'AccentInsensitiveSearch1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE EXTENSION IF NOT EXISTS unaccent');
    const [{ schema }] = (await db.query(
      "SELECT quote_ident(n.nspname) AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent'",
    )) as { schema: string }[];
    await db.query(
      `CREATE FUNCTION fold_accents(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
       AS $$ SELECT ${schema}.unaccent('${schema}.unaccent'::regdictionary, $1) $$`,
    );
    for (const column of ['name', 'brand', 'description']) {
      await db.query(`DROP INDEX products_${column}_trgm`);
      await db.query(
        `CREATE INDEX products_${column}_trgm ON products USING gin (fold_accents(${column}) gin_trgm_ops)`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const column of ['name', 'brand', 'description']) {
      await db.query(`DROP INDEX products_${column}_trgm`);
      await db.query(`CREATE INDEX products_${column}_trgm ON products USING gin (${column} gin_trgm_ops)`);
    }
    await db.query('DROP FUNCTION fold_accents(text)');
  }
}
