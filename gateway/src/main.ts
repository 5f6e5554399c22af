import 'reflect-metadata';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './common/logger';
import { systemClock } from './common/clock';
import { resolveJwtSecret } from './common/jwt-secret';
import { openDatabase } from './db/database';
import { seedDemoDataIfEmpty } from './db/seed';
import { createApp } from './app';
import { createMailer } from './common/mailer';

async function main() {
  const startedAt = Date.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, logger);

  let stopping = false;
  const deps = {
    config,
    db: database.db,
    reportingDb: database.reportingDb,
    clock: systemClock,
    logger,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir, logger),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger }),
  };
  const { app, stop: stopApp } = await createApp(deps);
  if (config.demoData) await seedDemoDataIfEmpty(deps);

  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  logger.info(
    { port, ms: Date.now() - startedAt },
    `Checkpoint is ready on ${config.publicUrl ?? `http://localhost:${port}`}`,
  );

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => server.closeAllConnections(), 5_000);
    force.unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await stopApp().catch(() => undefined);
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
