import { createTestApp, type TestApp } from '../test/test-app';
import { waitForMail } from '../test/mailbox';
import { createUser } from '../test/factories';

// The request log is read by more people than the accounts are: the links mailed for confirming an e-mail and
// resetting a password carry their token in the path, and the log must not keep it.
describe('the request log', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({}, { captureLogs: true });
  });
  afterAll(() => app.close());

  const tokenIn = (text: string, path: string) => new RegExp(`/${path}/([\\w-]+)`).exec(text)![1];
  const requestLines = () => app.logs.filter((line) => line.includes('"req":'));

  it('keeps no confirmation or reset token, whichever way the link is opened', async () => {
    const email = 'logged@example.com';
    await app.http('/api/auth/register', {
      method: 'POST',
      json: { username: 'logged', email, password: 'secret-pass' },
    });
    const confirm = tokenIn((await waitForMail(app, (mail) => mail.to === email)).text, 'verify-email');
    await app.http(`/verify-email/${confirm}`, { headers: { accept: 'text/html' } });
    expect((await app.http(`/api/auth/confirm/${confirm}`)).status).toBe(200);

    await app.http('/api/auth/forgot-password', { method: 'POST', json: { email } });
    const reset = tokenIn((await waitForMail(app, (mail) => /reset/i.test(mail.subject))).text, 'reset-password');
    await app.http(`/reset-password/${reset}`, { headers: { accept: 'text/html' } });
    await app.http(`/API/Auth/Reset-Password/${reset}`, { method: 'POST', json: { password: 'another-pass' } });

    const lines = requestLines().join('\n');
    expect(lines).not.toContain(confirm);
    expect(lines).not.toContain(reset);
    for (const path of [
      '/verify-email/[token]',
      '/api/auth/confirm/[token]',
      '/reset-password/[token]',
      '/API/Auth/Reset-Password/[token]',
    ]) {
      expect(lines).toContain(`"url":"${path}"`);
    }
  });

  it('keeps every other path whole, ids and queries included', async () => {
    const id = '6f1c2a43-0c1f-4d1e-9b7a-2f0e3c4d5e6f';
    await app.http(`/api/products/${id}`);
    await app.http('/api/products/search?q=zelda');
    const lines = requestLines().join('\n');
    expect(lines).toContain(`"url":"/api/products/${id}"`);
    expect(lines).toContain('"url":"/api/products/search?q=zelda"');
  });

  it('names the GraphQL operation of each /graphql request, in one line at info level', async () => {
    const named = await app.http('/graphql', {
      method: 'POST',
      json: { query: 'query FooterVenue { venue { name } }' },
    });
    const anonymous = await app.http('/graphql', { method: 'POST', json: { query: '{ venue { phone } }' } });
    const lineOf = (res: { headers: Headers }) =>
      requestLines().filter((line) => line.includes(`"id":"${res.headers.get('x-request-id')}"`));
    expect(lineOf(named)).toHaveLength(1);
    expect(JSON.parse(lineOf(named)[0])).toMatchObject({ level: 30, operation: 'query FooterVenue' });
    expect(JSON.parse(lineOf(anonymous)[0])).toMatchObject({ level: 30, operation: 'query (anonymous)' });
  });

  it('logs a 503 answered on purpose (card payment not configured) as a warning, not an error', async () => {
    const { token } = await createUser(app.db, app.deps.jwtSecret);
    const res = await app.http('/api/stripe/create-payment-intent', { method: 'POST', token, json: {} });
    expect(res.status).toBe(503);
    const lines = requestLines().filter((line) => line.includes(`"id":"${res.headers.get('x-request-id')}"`));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 40, res: { statusCode: 503 } });
  });
});
