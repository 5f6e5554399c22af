import type { Logger } from 'typeorm';

const TRANSACTION_CONTROL = /^\s*(START TRANSACTION|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE SAVEPOINT)/i;

/** A TypeORM logger that counts SQL statements, so list tests can pin their query count. */
export class QueryCounter implements Logger {
  statements: string[] = [];
  /** The same statements with their parameters, for a test that asks PostgreSQL how it runs them. */
  calls: { query: string; parameters: unknown[] }[] = [];

  get count(): number {
    return this.statements.length;
  }

  reset(): void {
    this.statements = [];
    this.calls = [];
  }

  logQuery(query: string, parameters: unknown[] = []): void {
    if (TRANSACTION_CONTROL.test(query)) return;
    this.statements.push(query);
    this.calls.push({ query, parameters });
  }
  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}
