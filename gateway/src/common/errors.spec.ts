import { databaseUnavailable } from './errors';

describe('databaseUnavailable', () => {
  it('tells the caller to retry (503) when PostgreSQL cannot be reached in time or rolled back a colliding transaction, and nothing else', () => {
    for (const error of [
      new Error('timeout exceeded when trying to connect'), // pg-pool: every connection stayed busy
      new Error('Connection terminated due to connection timeout'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
      new Error('Connection terminated unexpectedly'), // PostgreSQL killed while a query ran
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      Object.assign(new Error('terminating connection because of crash of another server process'), { code: '57P02' }),
      Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' }),
      Object.assign(new Error('deadlock detected'), { code: '40P01' }), // rolled back to break a deadlock
      Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' }),
    ]) {
      expect(databaseUnavailable(error)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503 });
    }
    for (const error of [
      new Error('boom'),
      Object.assign(new Error('duplicate key value'), { code: '23505' }),
      null,
      undefined,
      'timeout exceeded when trying to connect',
    ]) {
      expect(databaseUnavailable(error)).toBeNull();
    }
  });
});
