import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
  });
}

/**
 * Paths whose next segment is a secret: the e-mail confirmation and password reset tokens, in the REST routes and the
 * web pages the e-mails link to. Express matches paths case-insensitively, so this does too.
 */
const SECRET_SEGMENT = /^(\/(?:api\/auth\/confirm|api\/auth\/reset-password|verify-email|reset-password)\/)[^/?#]+/i;

/** The request URL as the log may keep it: a token in the path is replaced, so reading the log cannot take an account. */
export const loggableUrl = (url: string | undefined) => url?.replace(SECRET_SEGMENT, '$1[token]');
