import pino from 'pino';
import { createTestDatabase } from '../test/test-app';
import { createDataSource } from './data-source';

describe('the data source', () => {
  it('logs a failed statement by its SQL and code, never its parameters or the clashing row', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'debug' }, { write: (line: string) => lines.push(line) });
    const db = createDataSource(await createTestDatabase(), { log, poolSize: 1 });
    await db.initialize();
    try {
      const hash = '$argon2id$v=19$m=65536,t=3,p=4$secret-hash';
      const insert = `INSERT INTO users (username, email, phone, password_hash, is_admin) VALUES ($1, $2, '', $3, false)`;
      await db.query(insert, ['first', 'taken@example.com', hash]);
      await expect(db.query(insert, ['second', 'taken@example.com', hash])).rejects.toThrow(/unique/);
      const failed = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((l) => l.msg === 'query failed');
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ level: 20, code: '23505', query: insert });
      expect(lines.join('\n')).not.toContain(hash);
      expect(lines.join('\n')).not.toContain('taken@example.com');
    } finally {
      await db.destroy();
    }
  });
});
