import jwt from 'jsonwebtoken';

const TOKEN_LIFETIME = '7d';

type TokenClaims = { sub: string; tv: number };

/** A bearer token for the user; `tokenVersion` lets a password change revoke every older token. */
export function signAuthToken(user: { id: string; tokenVersion: number }, secret: string): string {
  const claims: TokenClaims = { sub: user.id, tv: user.tokenVersion };
  return jwt.sign(claims, secret, { expiresIn: TOKEN_LIFETIME, algorithm: 'HS256' });
}

/** The claims of a valid, unexpired token, or null for anything else. */
export function verifyAuthToken(token: string, secret: string, now: Date): TokenClaims | null {
  try {
    const claims = jwt.verify(token, secret, {
      algorithms: ['HS256'],
      clockTimestamp: Math.floor(now.getTime() / 1000),
    });
    if (typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.tv !== 'number') return null;
    return { sub: claims.sub, tv: claims.tv };
  } catch {
    return null;
  }
}
