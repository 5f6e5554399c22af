import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from './logger';

export type MailAttachment = { filename: string; content: string | Buffer; contentType: string };

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
};

export type StoredMail = { id: string; to: string; subject: string; date: string; html: string; text: string };

export interface Mailer {
  /** Sends, and never throws: a failed send is logged and must not undo what caused it. */
  send(mail: Mail): Promise<boolean>;
  /** Keeps `task`, a mail being written and sent in the background, for settled() to wait on. It must not throw. */
  background(task: Promise<unknown>): void;
  /**
   * Resolves once every send started so far has finished, sent or not. Mail goes out in the background, after the
   * answer: a stop waits for this, so a confirmation or reset link is not lost with the process.
   */
  settled(): Promise<void>;
}

/**
 * How long a send waits on the mail server (nodemailer's defaults are 2 min to connect, 10 min of silence). Mail goes
 * out in the background, but a silent server would hold each send's socket that long. The URL's own query options
 * (`?socketTimeout=…`) still win.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * SMTP when SMTP_URL is set. Otherwise each message is written under
 * <data>/mail as a real .eml (plus a JSON summary for the dev mailbox page).
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  const { logger, from } = options;
  const mailDir = join(options.dataDir, 'mail');
  const transport: Transporter = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  const sending = new Set<Promise<unknown>>();
  const keep = (task: Promise<unknown>) => {
    sending.add(task);
    void task
      .catch((err: unknown) => logger.error({ err }, 'mail could not be written or sent'))
      .finally(() => sending.delete(task));
  };
  const send = async (mail: Mail): Promise<boolean> => {
    try {
      const info = await transport.sendMail({ from, ...mail });
      if (!options.smtpUrl) {
        // Owner only: the mail holds confirmation and reset links.
        mkdirSync(mailDir, { recursive: true, mode: 0o700 });
        const id = `${Date.now()}-${randomUUID().slice(0, 8)}`;
        writeFileSync(join(mailDir, `${id}.eml`), (info as unknown as { message: Buffer }).message, { mode: 0o600 });
        const stored: StoredMail = {
          id,
          to: mail.to,
          subject: mail.subject,
          date: new Date().toISOString(),
          html: mail.html,
          text: mail.text,
        };
        writeFileSync(join(mailDir, `${id}.json`), JSON.stringify(stored), { mode: 0o600 });
        logger.info({ to: mail.to, subject: mail.subject, file: `${id}.eml` }, 'mail kept in the local mailbox');
        return true;
      }
      logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      return true;
    } catch (err) {
      logger.error({ err, to: mail.to, subject: mail.subject }, 'mail could not be sent');
      return false;
    }
  };
  return {
    send(mail) {
      const sent = send(mail);
      keep(sent);
      return sent;
    },
    background: keep,
    async settled() {
      // Until none is left: a task may start another (or a late request a new one) while these finish.
      while (sending.size > 0) await Promise.allSettled([...sending]);
    },
  };
}

/** Messages written by the file mailer, newest first (the dev mailbox page reads these). */
export function readMailbox(dataDir: string): StoredMail[] {
  const mailDir = join(dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(mailDir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .sort()
    .reverse()
    .map((f) => JSON.parse(readFileSync(join(mailDir, f), 'utf8')) as StoredMail);
}
