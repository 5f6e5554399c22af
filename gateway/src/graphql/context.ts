import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Config } from '../config';
import type { Clock } from '../common/clock';
import type { Logger } from '../common/logger';
import type { Mailer } from '../common/mailer';
import { isCurrentSession, verifyAuthToken } from '../modules/auth/auth-token';
import { User } from '../modules/auth/user.entity';
import { createLoaders, type Loaders } from './loaders';

/** What every service needs from the running app: settings, database, clock, logger, secrets. */
export type AppDeps = {
  config: Config;
  db: DataSource;
  /** The read replica for reports when configured, else the main database. */
  reportingDb: DataSource;
  clock: Clock;
  logger: Logger;
  jwtSecret: string;
  mailer: Mailer;
};

/** One per request, shared by GraphQL resolvers and REST shims; services take it first. */
export type RequestContext = {
  requestId: string;
  user: User | null;
  /**
   * The caller's session: its token's `sid` and the token version it was made at. Null for a guest, or for a token
   * made before sessions had ids.
   */
  session: { id: string; version: number } | null;
  loaders: Loaders;
  clock: Clock;
  logger: Logger;
  deps: AppDeps;
  /** The origin the request came in on, for absolute URLs when PUBLIC_URL is not set. */
  origin: string;
  /**
   * Where links in e-mails point: PUBLIC_URL, else this machine. Never taken from a Host header naming another
   * machine, or anyone could have a reset link sent to the real owner that points at their own server.
   */
  linkOrigin: string;
  /** The client's address (behind a trusted proxy: the forwarded one), for rate limits. */
  ip: string;
};

export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  return match ? match[1] : null;
}

/**
 * Resolves the caller from `Authorization: Bearer`. A missing, expired, forged or revoked token (older tokenVersion,
 * not the session kept by the last password change, a session ended by a logout) makes a guest; protected operations
 * then refuse it.
 */
export async function createRequestContext(
  deps: AppDeps,
  request: {
    authorization?: string;
    requestId?: string;
    origin: string;
    linkOrigin: string;
    logger?: Logger;
    ip?: string;
  },
): Promise<RequestContext> {
  const loaders = createLoaders(deps.db);
  const token = bearerToken(request.authorization);
  let user: User | null = null;
  let session: RequestContext['session'] = null;
  if (token) {
    const claims = verifyAuthToken(token, deps.jwtSecret, deps.clock.now());
    if (claims && /^[0-9a-f-]{36}$/i.test(claims.sub)) {
      // One statement: the user, unless the token's session was ended by a logout.
      const found = await deps.db
        .getRepository(User)
        .createQueryBuilder('u')
        .where('u.id = :id', { id: claims.sub })
        .andWhere(claims.sid ? 'NOT EXISTS (SELECT 1 FROM ended_sessions e WHERE e.session_id = :sid)' : 'TRUE', {
          sid: claims.sid,
        })
        .getOne();
      if (found) loaders.user.prime(found.id, found);
      if (found && isCurrentSession(found, claims)) {
        user = found;
        if (claims.sid) session = { id: claims.sid, version: claims.tv };
      }
    }
  }
  return {
    requestId: request.requestId ?? randomUUID(),
    user,
    session,
    loaders,
    clock: deps.clock,
    logger: request.logger ?? deps.logger,
    deps,
    origin: request.origin,
    linkOrigin: request.linkOrigin,
    ip: request.ip ?? 'unknown',
  };
}
