import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * What a failed SQL statement's error carries of the data: its parameter values (a sign-up's insert holds the e-mail
 * and the password hash) and PostgreSQL's detail ("Key (email)=(…) already exists", "Failing row contains (…)"), which
 * TypeORM's QueryFailedError copies from the driver's error.
 */
const SQL_DATA = ['err.parameters', 'err.detail', 'err.driverError.detail', 'err.driverError.parameters'];

/** The gateway's logger, on stdout unless told otherwise: without credentials, nor SQL_DATA. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', ...SQL_DATA],
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Paths whose next segment is a secret: the e-mail confirmation and password reset tokens, in the REST routes and the
 * web pages the e-mails link to. Express matches paths case-insensitively, so this does too.
 */
const SECRET_SEGMENT = /^(\/(?:api\/auth\/confirm|api\/auth\/reset-password|verify-email|reset-password)\/)[^/?#]+/i;

/** The request URL as the log may keep it: a token in the path is replaced, so reading the log cannot take an account. */
export const loggableUrl = (url: string | undefined) => url?.replace(SECRET_SEGMENT, '$1[token]');
