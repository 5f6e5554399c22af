import { undoMigrationsThrough } from '../../test/migrations';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('migration AccentInsensitiveSearch (real database)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const trigramIndexes = async () =>
    (
      (await app.db.query(
        "SELECT indexdef FROM pg_indexes WHERE tablename = 'products' AND indexname LIKE '%_trgm' ORDER BY indexname",
      )) as { indexdef: string }[]
    ).map((row) => row.indexdef.replace(/^.* USING gin /, ''));

  it('builds the trigram indexes on accent-folded text; down puts the plain ones back', async () => {
    const folded = ['(fold_accents((brand)::text) gin_trgm_ops)', '(fold_accents(description) gin_trgm_ops)'];
    expect(await trigramIndexes()).toEqual([...folded, '(fold_accents((name)::text) gin_trgm_ops)']);
    expect(await app.db.query("SELECT fold_accents('Pokémon Café Ñandú') AS text")).toEqual([
      { text: 'Pokemon Cafe Nandu' },
    ]);

    await undoMigrationsThrough(app, 'AccentInsensitiveSearch1764100000000');
    expect(await trigramIndexes()).toEqual([
      '(brand gin_trgm_ops)',
      '(description gin_trgm_ops)',
      '(name gin_trgm_ops)',
    ]);
    expect(await app.db.query("SELECT 1 FROM pg_proc WHERE proname = 'fold_accents'")).toEqual([]);

    await app.db.runMigrations();
    expect(await trigramIndexes()).toEqual([...folded, '(fold_accents((name)::text) gin_trgm_ops)']);
  });
});
