import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Client } from 'pg';
import { loadConfig } from '../config';
import { ManualClock } from '../common/clock';
import { createDataSource } from '../db/data-source';
import type { AppDeps } from '../graphql/context';
import { createApp } from '../app';
import { QueryCounter } from './query-counter';
import { createMailer } from '../common/mailer';
import { answerClientErrors } from '../common/client-error';
import { createLogger } from '../common/logger';

const TEMPLATE_DB = 'migrated_template';

export type GraphQLResponse<T = Record<string, unknown>> = {
  status: number;
  data?: T;
  errors?: { message: string; extensions?: { code?: string; field?: string } }[];
};

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

function serverUrl(path: string): string {
  const base = process.env.TEST_PG_URL;
  if (!base) throw new Error('TEST_PG_URL is not set: run the tests through jest (globalSetup starts PostgreSQL)');
  return base.replace(/\/[^/]*$/, `/${path}`);
}

/** A fresh database copied from the migrated template; its connection URL. */
export async function createTestDatabase(): Promise<string> {
  const database = `t_${randomUUID().replace(/-/g, '')}`;
  const admin = new Client({ connectionString: serverUrl('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  return serverUrl(database);
}

/**
 * The real app over HTTP on a random port, on a fresh copy of the migrated template
 * database, with a clock tests can move and a counter of SQL statements.
 */
export async function createTestApp(env: Record<string, string> = {}, options: { captureLogs?: boolean } = {}) {
  const databaseUrl = await createTestDatabase();

  const dataDir = mkdtempSync(join(tmpdir(), 'checkpoint-test-data-'));
  const queries = new QueryCounter();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const db = createDataSource(databaseUrl, { logger: queries, poolSize: 30, waitMs: config.databaseWaitMs });
  await db.initialize();
  const clock = new ManualClock();
  // With captureLogs, every line the app logs at info and above is kept in `logs` for the test to read.
  const logs: string[] = [];
  const logger = options.captureLogs
    ? createLogger('info', { write: (line: string) => logs.push(line) })
    : createLogger(process.env.TEST_LOG_LEVEL ?? 'silent');
  // Reports read REPORTING_DATABASE_URL when a test sets it (a stand-in read replica), as in production.
  const reportingDb = config.reportingDatabaseUrl
    ? createDataSource(config.reportingDatabaseUrl, { waitMs: config.databaseWaitMs })
    : db;
  if (reportingDb !== db) await reportingDb.initialize();
  const deps: AppDeps = {
    config,
    db,
    reportingDb,
    clock,
    logger,
    jwtSecret: 'test-secret-not-for-production',
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir, logger }),
  };
  const { app, stop } = await createApp(deps);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  answerClientErrors(server, config.corsOrigins);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function gql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
    options: { token?: string; headers?: Record<string, string> } = {},
  ): Promise<GraphQLResponse<T>> {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as GraphQLResponse<T>;
    return { ...body, status: response.status };
  }

  async function http(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
    const { token, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (json !== undefined) headers.set('content-type', 'application/json');
    const response = await fetch(`${url}${path}`, {
      ...rest,
      headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: body as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  async function close() {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // As the gateway's shutdown does: mail still being written would make the data folder again once it is removed.
    await deps.mailer.settled();
    await stop();
    if (reportingDb !== db) await reportingDb.destroy();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }

  return { url, deps, db, clock, queries, gql, http, close, logs };
}
