import type { TestApp } from './test-app';

/** Undoes the newest migrations down to `name`, included: the migrations added after it may be any. */
export async function undoMigrationsThrough(app: TestApp, name: string): Promise<void> {
  for (;;) {
    const [last] = (await app.db.query('SELECT name FROM migrations ORDER BY id DESC LIMIT 1')) as { name: string }[];
    if (!last) throw new Error(`migration ${name} has not run`);
    await app.db.undoLastMigration();
    if (last.name === name) return;
  }
}
