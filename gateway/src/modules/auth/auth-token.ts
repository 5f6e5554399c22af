import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';

/** How long a token works (unless its session ends first: a logout, a password change elsewhere). */
export const TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * `tv`: the user's token version when the token was made; a password change raises it, revoking older tokens.
 * `sid`: the session (one login) the token belongs to, so the session that changes the password can be kept.
 */
type TokenClaims = { sub: string; tv: number; sid?: string };

/** A new session's id: one per login. */
export const newSessionId = () => randomBytes(16).toString('base64url');

/**
 * A bearer token for the user's session `sessionId`, valid while `tokenVersion` is current (or kept), made at `now`
 * (the app's clock, which `verifyAuthToken` reads it by).
 */
export function signAuthToken(
  user: { id: string; tokenVersion: number },
  secret: string,
  sessionId: string,
  now = new Date(),
): string {
  const claims: TokenClaims & { iat: number } = {
    sub: user.id,
    tv: user.tokenVersion,
    sid: sessionId,
    iat: Math.floor(now.getTime() / 1000),
  };
  return jwt.sign(claims, secret, { expiresIn: TOKEN_LIFETIME_MS / 1000, algorithm: 'HS256' });
}

/** The claims of a valid, unexpired token, or null for anything else. */
export function verifyAuthToken(token: string, secret: string, now: Date): TokenClaims | null {
  try {
    const claims = jwt.verify(token, secret, {
      algorithms: ['HS256'],
      clockTimestamp: Math.floor(now.getTime() / 1000),
    });
    if (typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.tv !== 'number') return null;
    return { sub: claims.sub, tv: claims.tv, ...(typeof claims.sid === 'string' && { sid: claims.sid }) };
  } catch {
    return null;
  }
}

/**
 * Whether a token's claims still open the user's account: made at the current token version, or the session that
 * changed the password last, at the version it had then (a password change ends every session but the one making it).
 */
export function isCurrentSession(
  user: { tokenVersion: number; keptSessionId: string | null; keptSessionVersion: number | null },
  claims: TokenClaims,
): boolean {
  if (user.tokenVersion === claims.tv) return true;
  return claims.sid !== undefined && user.keptSessionId === claims.sid && user.keptSessionVersion === claims.tv;
}
