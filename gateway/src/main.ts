import 'reflect-metadata';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { ConfigError, loadConfig } from './config';
import { createLogger } from './common/logger';
import { systemClock } from './common/clock';
import { resolveJwtSecret } from './common/jwt-secret';
import { openDatabase, type Database } from './db/database';
import { seedDemoDataIfEmpty } from './db/seed';
import { createApp } from './app';
import { createMailer, type Mailer } from './common/mailer';
import { answerClientErrors } from './common/client-error';

/** An error as one line for people: its message and its causes', without the stack (LOG_LEVEL=debug logs that). */
function describe(error: unknown): string {
  const parts: string[] = [];
  for (let e = error; e !== undefined && parts.length < 5; e = e instanceof Error ? e.cause : undefined) {
    // connection errors may come as an AggregateError of one per address tried, with an empty message of its own
    const message = e instanceof AggregateError && !e.message ? e.errors.map(describe).join('; ') : undefined;
    parts.push(message ?? (e instanceof Error ? e.message : String(e)));
  }
  return parts.join(': ');
}

/**
 * How long a stop waits for the requests in flight and the mail still being sent: longer than the 20 s a Stripe call
 * or a silent mail server is given, within the 30 s a supervisor usually allows before it kills. A second signal cuts
 * it short.
 */
const STOP_GRACE_MS = 25_000;

/** Answers while the database opens: the process is up (/healthz), nothing else is yet. */
function answerStarting(req: IncomingMessage, res: ServerResponse) {
  const up = req.url?.split('?')[0] === '/healthz';
  res.writeHead(up ? 200 : 503, {
    'content-type': 'application/json',
    'retry-after': '1',
    'cache-control': 'no-store',
  });
  res.end(JSON.stringify(up ? { status: 'ok' } : { message: 'Checkpoint is starting. Try again in a moment.' }));
}

/** Listens, or says in words which port is taken (Node's EADDRINUSE names neither the fix nor the setting). */
async function listen(server: Server, port: number, host: string) {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new Error(`port ${port} on ${host} is in use, by another Checkpoint or program: stop it, or set PORT`, {
      cause: error,
    });
  }
}

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

  // From the first step on, a signal or a failure stops whatever has started, PostgreSQL last: Ctrl-C while the database
  // opens, migrates or is seeded (the seed is one transaction, rolled back) leaves no database server behind.
  let database: Database | undefined;
  let server: Server | undefined;
  let stopApp: (() => Promise<void>) | undefined;
  let mailer: Mailer | undefined;
  let ready = false;
  let stopping = false;
  const answering = new Set<ServerResponse>();
  let hurry = () => {};
  const hurried = new Promise<void>((resolve) => (hurry = resolve));
  const stop = async (reason: { signal: string } | { error: unknown }) => {
    if (stopping) {
      if ('signal' in reason) {
        logger.info({ signal: reason.signal }, 'stopping now, without waiting for requests and mail');
        hurry();
      }
      return;
    }
    stopping = true;
    if ('signal' in reason) {
      logger.info({ signal: reason.signal }, 'shutting down');
    } else {
      logger.debug({ err: reason.error }, 'start-up failed');
      logger.fatal(`${ready ? 'Checkpoint is stopping' : 'Checkpoint did not start'}: ${describe(reason.error)}`);
    }
    // Whatever is still going when the grace is over, or when a second signal says not to wait, is cut off.
    const cutOff = Promise.race([delay(STOP_GRACE_MS, undefined, { ref: false }), hurried]);
    if (server?.listening) {
      for (const res of answering) if (!res.headersSent) res.setHeader('connection', 'close');
      const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
      // close() ends the connections idle at that moment; a keep-alive one busy then is ended as soon as its answer
      // is sent (each answer from now on says Connection: close), not left open for its client's next request.
      const sweep = setInterval(() => server!.closeIdleConnections(), 100);
      await Promise.race([closed, cutOff.then(() => server!.closeAllConnections())]);
      clearInterval(sweep);
    }
    // The mail the last answers started (an order's confirmation, a reset link) goes out before the process ends.
    if (mailer) {
      const sent = await Promise.race([mailer.settled().then(() => true), cutOff.then(() => false)]);
      if (!sent) logger.warn('stopping with mail still being sent');
    }
    await stopApp?.().catch(() => undefined);
    await database
      ?.close()
      .catch((error: unknown) => logger.warn({ err: error }, 'the database did not close cleanly'));
    logger.info('stopped');
    process.exit('signal' in reason ? 0 : 1);
  };
  let signalled: string | undefined;
  const onSignal = (signal: string) => {
    // While the database is still opening there is nothing to close yet: stop as soon as there is.
    if (database) void stop({ signal });
    else signalled ??= signal;
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  try {
    // The port first: one already taken is said at once, not after PostgreSQL has started and migrated. Until the app
    // is ready, the server says it is starting.
    server = createServer({ connectionsCheckingInterval: 5_000 }, answerStarting);
    // While stopping, each answer ends its connection (those begun before the stop too, if not yet sent): a client's
    // next request goes to the next server.
    server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
      if (stopping) return res.setHeader('connection', 'close');
      answering.add(res);
      res.once('close', () => answering.delete(res));
    });
    answerClientErrors(server, config.corsOrigins);
    server.keepAliveTimeout = 65_000;
    // A client that dribbles its headers or body holds a socket: cut off after 20 s for the headers and 2 minutes for
    // the whole request (a 31 MB upload at 260 kB/s), not Node's 1 and 5 minutes. Checked every 5 s, not 30.
    server.headersTimeout = 20_000;
    server.requestTimeout = 120_000;
    await listen(server, config.port, config.host);
    database = await openDatabase(config, logger, {
      onLost: () => void stop({ error: new Error('the embedded PostgreSQL stopped on its own') }),
    });
    if (signalled) return await stop({ signal: signalled });
    const deps = {
      config,
      db: database.db,
      reportingDb: database.reportingDb,
      clock: systemClock,
      logger,
      jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir, logger),
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger }),
    };
    mailer = deps.mailer;
    const app = await createApp(deps);
    stopApp = app.stop;
    if (config.demoData) await seedDemoDataIfEmpty(deps);

    server.off('request', answerStarting).on('request', app.app);
    ready = true;
    const { port } = server.address() as AddressInfo;
    logger.info(
      { port, ms: Date.now() - startedAt },
      `Checkpoint is ready on ${config.publicUrl ?? `http://localhost:${port}`}`,
    );
    if (config.demoData && config.host === '127.0.0.1') {
      logger.info(
        'The demo accounts have published passwords, so only this machine can connect. Set HOST=0.0.0.0 to open it to the network, DEMO_DATA=false to start without them.',
      );
    }
  } catch (error) {
    // A signal's stop closes the database under the migrations or the seed: their failure is expected then.
    if (signalled && !database) process.exit(0);
    if (!stopping) await stop({ error });
  }
}

main().catch((error: unknown) => {
  console.error(`Checkpoint did not start: ${describe(error)}`);
  process.exit(1);
});
