import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Logger } from './logger';

/**
 * JWT_SECRET when set; otherwise one generated on first start and kept in the
 * data folder, so tokens survive restarts of a development install. A normal way to run (the compose file
 * relies on it), so it is said at info level.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string, logger: Logger): string {
  if (configured) return configured;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    logger.info({ file }, 'JWT_SECRET is not set: using the secret generated in the data folder');
    return readFileSync(file, 'utf8').trim();
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  logger.info({ file }, 'JWT_SECRET is not set: generated one and saved it in the data folder');
  return secret;
}
