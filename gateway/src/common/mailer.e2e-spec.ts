import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { createTestApp, type TestApp } from '../test/test-app';
import { createLogger } from './logger';
import { createMailer, readMailbox } from './mailer';

describe('file mailer and the dev mailbox', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('writes mail to the data folder and lists it at /dev/mailbox with its link', async () => {
    const sent = await app.deps.mailer.send({
      to: 'newcomer@example.com',
      subject: 'Confirm your e-mail <now>',
      text: 'Open http://localhost/verify-email/abc',
      html: '<p><a href="http://localhost/verify-email/abc">Confirm</a></p>',
    });
    expect(sent).toBe(true);
    const list = await app.http('/dev/mailbox');
    expect(list.status).toBe(200);
    expect(list.body).toContain('newcomer@example.com');
    expect(list.body).toContain('Confirm your e-mail &lt;now&gt;');
    const id = /href="\/dev\/mailbox\/([^"]+)"/.exec(list.body)?.[1];
    const message = await app.http(`/dev/mailbox/${id}`);
    expect(message.body).toContain('href="http://localhost/verify-email/abc"');
    expect((await app.http('/dev/mailbox/nope')).status).toBe(404);
    // the links in it take any account: kept from other users of the machine, and from the network
    const [file] = readdirSync(join(app.deps.config.dataDir, 'mail'));
    expect(statSync(join(app.deps.config.dataDir, 'mail', file)).mode & 0o077).toBe(0);
  });

  it('is shown to this machine only, also behind a proxy on it', async () => {
    // The test app listens on 127.0.0.1, and trusts a proxy there (TRUST_PROXY defaults to loopback).
    for (const client of ['203.0.113.5', '192.168.1.20', '2001:db8::1']) {
      for (const path of ['/dev/mailbox', '/dev/mailbox/any']) {
        const res = await app.http(path, { headers: { 'x-forwarded-for': client } });
        expect({ client, path, status: res.status }).toEqual({ client, path, status: 403 });
        expect(res.body).toBe('The dev mailbox is open to this machine only.');
      }
    }
    expect((await app.http('/dev/mailbox', { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(200);
  });

  it('tells when the mail being written and sent in the background has gone (what a stop waits for)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'checkpoint-mailer-'));
    try {
      const mailer = createMailer({ from: 'venue@example.com', dataDir, logger: createLogger('silent') });
      await mailer.settled(); // nothing on its way
      const mail = { to: 'late@example.com', subject: 'Your order', text: 'Thanks', html: '<p>Thanks</p>' };
      const sentTo = () => readMailbox(dataDir).map((stored) => stored.to);
      void mailer.send({ ...mail, to: 'now@example.com' });
      await mailer.settled();
      expect(sentTo()).toEqual(['now@example.com']);
      // as an order's confirmation: read from the database first, then sent
      mailer.background(delay(100).then(() => mailer.send(mail)));
      await mailer.settled();
      expect(sentTo()).toEqual(expect.arrayContaining(['late@example.com', 'now@example.com']));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is not served in production', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://checkpoint.example',
      SMTP_URL: 'smtp://127.0.0.1:1', // never reached: nothing is mailed here
    });
    try {
      const res = await prod.http('/dev/mailbox');
      expect(res.status).not.toBe(200);
    } finally {
      await prod.close();
    }
  });
});
