import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * The gateway's logger, on stdout unless told otherwise. Besides credentials, it leaves out a failed SQL statement's
 * parameter values (TypeORM's QueryFailedError carries them): a sign-up's insert holds the e-mail and the password hash.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', 'err.parameters'],
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
