import pino from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { conflict } from '../common/errors';
import { createTestDatabase } from '../test/test-app';
import { createDataSource } from './data-source';
import { retryingTransaction, TRANSACTION_ATTEMPTS } from './retrying-transaction';

/**
 * The serialization failures here are PostgreSQL's own: a run reads a row in a REPEATABLE READ snapshot, another
 * session changes the row and commits, and the run's update of it is refused (40001). Deadlocks (40P01) are provoked
 * through the API in the domains' specs.
 */
describe('retryingTransaction (real database)', () => {
  let db: DataSource;
  let logs: { level: number; msg: string; sqlState?: string; attempt?: number; query?: string }[];
  const ctx = () => ({
    deps: { db },
    logger: pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line) as (typeof logs)[number]) }),
  });

  beforeAll(async () => {
    db = createDataSource(await createTestDatabase(), { poolSize: 4 });
    await db.initialize();
    await db.query('CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL)');
    await db.query('CREATE TABLE writes (run int NOT NULL)');
  });
  afterAll(() => db.destroy());
  beforeEach(async () => {
    logs = [];
    await db.query('TRUNCATE counters, writes');
    await db.query('INSERT INTO counters (id, n) VALUES (1, 0)');
  });

  /**
   * One run of a body that adds 10 to the counter and records itself; when `collide`, another session adds 1 to the
   * counter after this run has read it, so PostgreSQL refuses this run's update.
   */
  async function addTen(em: EntityManager, run: number, collide: boolean): Promise<number> {
    await em.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    await em.query('SELECT n FROM counters WHERE id = 1');
    if (collide) await db.query('UPDATE counters SET n = n + 1 WHERE id = 1');
    await em.query('INSERT INTO writes (run) VALUES ($1)', [run]);
    const [[{ n }]] = (await em.query('UPDATE counters SET n = n + $1 WHERE id = 1 RETURNING n', [10])) as [
      { n: number }[],
    ];
    return n;
  }
  const counter = async () => ((await db.query('SELECT n FROM counters WHERE id = 1')) as { n: number }[])[0].n;
  const writes = async () => (await db.query('SELECT run FROM writes ORDER BY run')) as { run: number }[];
  const warnings = () => logs.filter((line) => line.level === 40);

  it('runs the whole transaction again after a serialization failure, keeping only the run that committed', async () => {
    let runs = 0;
    const result = await retryingTransaction(ctx(), (em) => {
      runs++;
      return addTen(em, runs, runs === 1);
    });
    expect(runs).toBe(2);
    expect(result).toBe(11);
    expect(await counter()).toBe(11);
    expect(await writes()).toEqual([{ run: 2 }]);
    expect(warnings()).toEqual([
      expect.objectContaining({
        msg: 'transaction rolled back by PostgreSQL, running it again',
        sqlState: '40001',
        attempt: 1,
        query: 'UPDATE counters SET n = n + $1 WHERE id = 1 RETURNING n',
      }),
    ]);
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} runs that all conflict, throwing the last conflict as it came`, async () => {
    let runs = 0;
    await expect(retryingTransaction(ctx(), (em) => addTen(em, ++runs, true))).rejects.toMatchObject({
      driverError: expect.objectContaining({ code: '40001' }),
    });
    expect(runs).toBe(3);
    expect(await counter()).toBe(3); // the other session's three additions, none of the body's
    expect(await writes()).toEqual([]);
    expect(warnings().map((line) => [line.sqlState, line.attempt])).toEqual([
      ['40001', 1],
      ['40001', 2],
    ]);
    expect(JSON.stringify(warnings())).not.toContain('parameters'); // a statement's parameters are not logged
  });

  it('runs a body that fails in any other way once', async () => {
    let runs = 0;
    await expect(
      retryingTransaction(ctx(), async (em) => {
        runs++;
        await em.query('INSERT INTO writes (run) VALUES (1)');
        await em.query('INSERT INTO counters (id, n) VALUES (1, 5)'); // the id is taken
      }),
    ).rejects.toMatchObject({ driverError: expect.objectContaining({ code: '23505' }) });
    expect(runs).toBe(1);

    await expect(
      retryingTransaction(ctx(), async (em) => {
        runs++;
        await em.query('INSERT INTO writes (run) VALUES (2)');
        throw conflict('Sorry, that is taken.');
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'Sorry, that is taken.' });
    expect(runs).toBe(2);
    expect(await writes()).toEqual([]);
    expect(warnings()).toEqual([]);
  });
});
