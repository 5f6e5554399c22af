import type { Logger } from 'typeorm';

const TRANSACTION_CONTROL = /^\s*(START TRANSACTION|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE SAVEPOINT)/i;

/** A TypeORM logger that counts SQL statements, so list tests can pin their query count. */
export class QueryCounter implements Logger {
  statements: string[] = [];

  get count(): number {
    return this.statements.length;
  }

  reset(): void {
    this.statements = [];
  }

  logQuery(query: string): void {
    if (!TRANSACTION_CONTROL.test(query)) this.statements.push(query);
  }
  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}
