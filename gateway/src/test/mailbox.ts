import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMailbox, type StoredMail } from '../common/mailer';
import type { TestApp } from './test-app';

/** The newest mail matching `match` in the test app's file mailbox, waiting for one sent in the background. */
export async function waitForMail(app: TestApp, match: (mail: StoredMail) => boolean): Promise<StoredMail> {
  for (let tries = 0; tries < 100; tries++) {
    const mail = readMailbox(app.deps.config.dataDir).find(match);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no such mail was sent within 5 s');
}

/** The whole message as sent (MIME, attachments included). */
export function rawMail(app: TestApp, mail: StoredMail): string {
  return readFileSync(join(app.deps.config.dataDir, 'mail', `${mail.id}.eml`), 'utf8');
}
