import { createTestApp, type TestApp } from '../test/test-app';

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
