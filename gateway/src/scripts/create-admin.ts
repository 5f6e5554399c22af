import 'reflect-metadata';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createLogger } from '../common/logger';
import { createDataSource, migrate } from '../db/data-source';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres';
import { emailProblem, MIN_PASSWORD_LENGTH } from '../modules/auth/auth.inputs';
import { upsertConfirmedAccount } from '../modules/auth/accounts';

const USAGE = 'Usage: npm run create-admin -- --email <email> --password <password> [--username <name>]';

/**
 * Creates a confirmed admin, or promotes an existing account (and sets its password).
 * Uses DATABASE_URL when set; otherwise the embedded database: the one a running
 * gateway serves when there is one, else it starts (and then stops) it itself.
 */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, username: { type: 'string' } },
  });
  const { email, password, username } = values;
  const problem =
    emailProblem(email) ??
    (!password || password.length < MIN_PASSWORD_LENGTH
      ? `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`
      : null);
  if (problem || !email || !password) {
    console.error(`${problem}\n${USAGE}`);
    process.exit(2);
  }

  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const dataDir = join(config.dataDir, 'pg');
    url = runningEmbeddedPostgresUrl(dataDir) ?? undefined;
    if (!url) {
      embedded = await startEmbeddedPostgres({ dataDir, port: config.embeddedPgPort, logger });
      url = embedded.url();
    }
  }
  const db = createDataSource(url, { poolSize: 2 });
  try {
    await db.initialize();
    await migrate(db);
    const { user, created } = await upsertConfirmedAccount(db, { email, password, username, isAdmin: true });
    console.log(`${created ? 'Created' : 'Promoted'} admin ${user.email} (username ${user.username}).`);
  } finally {
    await db.destroy().catch(() => undefined);
    await embedded?.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
