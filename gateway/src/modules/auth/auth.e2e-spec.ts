import { SMTPServer } from 'smtp-server';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { readMailbox } from '../../common/mailer';
import { createAdmin, createUser } from '../../test/factories';
import { waitForMail } from '../../test/mailbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { waitForLockWaiter } from '../../test/lock-waits';
import { User } from './user.entity';
import { MESSAGES, SIGN_UP_REPLAY_MS } from './auth.service';
import { hashPassword, verifyPassword } from './passwords';
import { upsertConfirmedAccount } from './accounts';
import { seedDemoDataIfEmpty } from '../../db/seed';
import { DEMO_ACCOUNTS } from '../../db/seed/accounts';

const USER_FIELDS = 'id username email phone isAdmin createdAt';
const REGISTER = `mutation ($username: String!, $email: String!, $password: String!) {
  register(username: $username, email: $email, password: $password) { message } }`;
const CONFIRM = 'mutation ($token: String!) { confirmEmail(token: $token) { message } }';
const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { token user { ${USER_FIELDS} } } }`;
const ME = `{ me { ${USER_FIELDS} } }`;
const UPDATE_PROFILE = `mutation ($username: String!, $email: String!, $phone: String) {
  updateProfile(username: $username, email: $email, phone: $phone) { ${USER_FIELDS} } }`;
const CHANGE_PASSWORD = `mutation ($currentPassword: String!, $newPassword: String!, $confirmPassword: String!) {
  changePassword(currentPassword: $currentPassword, newPassword: $newPassword, confirmPassword: $confirmPassword) {
    message token } }`;
const REQUEST_RESET = 'mutation ($email: String!) { requestPasswordReset(email: $email) { message } }';
const RESET = `mutation ($token: String!, $newPassword: String!) {
  resetPassword(token: $token, newPassword: $newPassword) { message } }`;

type LoginData = { login: { token: string; user: { id: string; email: string; isAdmin: boolean } } };

let counter = 0;
const fresh = () => {
  counter += 1;
  return { username: `gamer${counter}`, email: `gamer${counter}_${Date.now()}@example.com`, password: 'secret1' };
};

/** The token of the newest link of this kind mailed to `to` (the file mailer of the test app). */
async function mailedToken(app: TestApp, to: string, kind: 'verify-email' | 'reset-password'): Promise<string> {
  const mail = await waitForMail(app, (m) => m.to === to && m.text.includes(`/${kind}/`));
  const token = new RegExp(`/${kind}/([\\w-]+)`).exec(mail.text)?.[1];
  if (!token) throw new Error(`no ${kind} link in the mail to ${to}`);
  return token;
}

async function signUp(app: TestApp, account = fresh()) {
  const res = await app.gql(REGISTER, account);
  expect(res.errors).toBeUndefined();
  return account;
}

async function signUpConfirmed(app: TestApp, account = fresh()) {
  await signUp(app, account);
  const token = await mailedToken(app, account.email, 'verify-email');
  expect((await app.gql(CONFIRM, { token })).errors).toBeUndefined();
  const login = await app.gql<LoginData>(LOGIN, { email: account.email, password: account.password });
  expect(login.errors).toBeUndefined();
  return { ...account, token: login.data!.login.token, id: login.data!.login.user.id };
}

/** A confirmed customer with a password, made in the database (sign-ups here count against the per-address limit). */
async function customerWithPassword(app: TestApp, password = 'start-pw1') {
  const { user, token } = await createUser(app.db, app.deps.jwtSecret, { passwordHash: await hashPassword(password) });
  return { id: user.id, email: user.email, password, token };
}

/**
 * Runs `edit` while a password change from another tab is under way: it has moved the user's token version on and
 * holds the row, and commits once the edit, authenticated by the version still committed, waits for that row.
 */
async function whilePasswordChanges<T>(
  app: TestApp,
  userId: string,
  edit: () => Promise<T>,
  /** The change is made by the editing session itself, which it keeps open (its token's `sid`). */
  keptSession?: string,
): Promise<T> {
  const change = app.db.createQueryRunner();
  await change.connect();
  await change.startTransaction();
  try {
    await change.query(
      `UPDATE users SET token_version = token_version + 1, kept_session_id = $2::varchar,
              kept_session_version = CASE WHEN $2::varchar IS NULL THEN NULL ELSE token_version END
       WHERE id = $1`,
      [userId, keptSession ?? null],
    );
    const answer = edit();
    await waitForLockWaiter(app.db, change);
    await change.commitTransaction();
    return await answer;
  } finally {
    if (change.isTransactionActive) await change.rollbackTransaction();
    await change.release();
  }
}

describe('accounts (GraphQL and REST, real database)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ PUBLIC_URL: 'https://checkpoint.example' });
  });
  afterAll(() => app.close());
  afterEach(() => app.clock.reset());

  describe('sign-up and e-mail confirmation', () => {
    it('creates an unconfirmed account with an argon2id hash and mails a confirmation link', async () => {
      const account = fresh();
      const res = await app.gql<{ register: { message: string } }>(REGISTER, {
        ...account,
        email: `  ${account.email.toUpperCase()} `,
      });
      expect(res.errors).toBeUndefined();
      expect(res.data?.register.message).toBe(MESSAGES.registered);

      const row = await app.db
        .getRepository(User)
        .createQueryBuilder('u')
        .addSelect('u.passwordHash')
        .where('u.email = :email', { email: account.email })
        .getOneOrFail();
      expect(row.emailConfirmedAt).toBeNull();
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row.passwordHash, account.password)).toBe(true);

      const mail = await waitForMail(app, (m) => m.to === account.email);
      expect(mail.text).toMatch(/https:\/\/checkpoint\.example\/verify-email\/[\w-]{40,}/);
      const token = await mailedToken(app, account.email, 'verify-email');
      const [stored] = await app.db.query('SELECT token_hash FROM user_tokens WHERE user_id = $1', [row.id]);
      expect(stored.token_hash).not.toContain(token);
      expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it.each([
      [{ username: '', email: 'a@example.com', password: 'secret1' }, 'Username is required.', 'username'],
      [{ username: '\u200b', email: 'a@example.com', password: 'secret1' }, 'Username is required.', 'username'],
      [{ username: '\u0301\u0301', email: 'a@example.com', password: 'secret1' }, 'Username is required.', 'username'],
      [{ username: '\u3164', email: 'a@example.com', password: 'secret1' }, 'Username is required.', 'username'],
      [
        { username: 'admin\u202e', email: 'a@example.com', password: 'secret1' },
        'Username must not contain invisible characters.',
        'username',
      ],
      [
        { username: 'admin\u3164', email: 'a@example.com', password: 'secret1' },
        'Username must not contain invisible characters.',
        'username',
      ],
      [
        { username: 'ad\u2800min', email: 'a@example.com', password: 'secret1' },
        'Username must not contain invisible characters.',
        'username',
      ],
      [{ username: 'a', email: '', password: 'secret1' }, 'Email is required.', 'email'],
      [{ username: 'a', email: 'not-an-email', password: 'secret1' }, 'Invalid email format.', 'email'],
      [{ username: 'a', email: 'a@example.com', password: '' }, 'Password is required.', 'password'],
      // login trims what it gets: a password of spaces could never be used to log in
      [{ username: 'a', email: 'a@example.com', password: '        ' }, 'Password is required.', 'password'],
      [
        { username: 'a', email: 'a@example.com', password: '12345' },
        'Password must be at least 6 characters.',
        'password',
      ],
    ])('refuses bad sign-up input %j', async (input, message, field) => {
      const res = await app.gql(REGISTER, input);
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', field } });
      const rest = await app.http('/api/auth/register', { method: 'POST', json: input });
      expect(rest.status).toBe(400);
      expect(rest.body).toMatchObject({ message, error: message, code: 'BAD_USER_INPUT' });
      expect(await app.db.getRepository(User).countBy({ email: input.email })).toBe(0);
    });

    it('refuses a second account with the same e-mail in any case (CONFLICT / 409)', async () => {
      const account = await signUp(app);
      const again = await app.gql(REGISTER, { ...fresh(), email: account.email.toUpperCase() });
      expect(again.errors?.[0]).toMatchObject({ message: MESSAGES.emailTaken, extensions: { code: 'CONFLICT' } });
      const rest = await app.http('/api/auth/register', { method: 'POST', json: { ...fresh(), email: account.email } });
      expect(rest.status).toBe(409);
      expect(rest.body.message).toBe(MESSAGES.emailTaken);
    });

    it('refuses login before confirmation, and with the same message for unknown e-mail and wrong password', async () => {
      const account = await signUp(app);
      const unconfirmed = await app.gql(LOGIN, { email: account.email, password: account.password });
      expect(unconfirmed.errors?.[0]).toMatchObject({
        message: MESSAGES.unconfirmed,
        extensions: { code: 'FORBIDDEN' },
      });
      const restUnconfirmed = await app.http('/api/auth/login', { method: 'POST', json: account });
      expect(restUnconfirmed.status).toBe(403);
      expect(restUnconfirmed.body.message).toBe(MESSAGES.unconfirmed);

      // Before knowing the password nobody learns whether the account exists or waits for confirmation.
      const wrong = await app.http('/api/auth/login', { method: 'POST', json: { ...account, password: 'wrong-pass' } });
      const unknown = await app.http('/api/auth/login', {
        method: 'POST',
        json: { email: `nobody_${account.email}`, password: 'wrong-pass' },
      });
      expect(wrong.status).toBe(400);
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.body).toEqual(wrong.body);
      expect(wrong.body.message).toBe(MESSAGES.badCredentials);
      const gqlWrong = await app.gql(LOGIN, { email: account.email, password: 'wrong-pass' });
      const gqlUnknown = await app.gql(LOGIN, { email: `nobody_${account.email}`, password: 'wrong-pass' });
      expect(gqlUnknown.errors).toEqual(gqlWrong.errors);
    });

    it('confirms through the REST link, says so when the link is opened again, then logs in', async () => {
      const account = await signUp(app);
      const token = await mailedToken(app, account.email, 'verify-email');
      const ok = await app.http(`/api/auth/confirm/${token}`);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ message: MESSAGES.emailConfirmed });
      // Opened again (another device, the mail a second time): not an error, and the same over GraphQL.
      const again = await app.http(`/api/auth/confirm/${token}`);
      expect(again).toMatchObject({ status: 200, body: { message: MESSAGES.alreadyConfirmed } });
      expect((await app.gql(CONFIRM, { token })).data).toEqual({
        confirmEmail: { message: 'Your email is already confirmed. You can log in.' },
      });
      expect((await app.http('/api/auth/confirm/garbage')).status).toBe(400);

      const login = await app.http('/api/auth/login', { method: 'POST', json: account });
      expect(login.status).toBe(200);
      expect(Object.keys(login.body).sort()).toEqual(['token', 'user']);
      expect(login.body.user).toEqual({
        _id: expect.any(String),
        id: login.body.user._id,
        username: account.username,
        email: account.email,
        phone: '',
        isAdmin: false,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });

    it('treats a bad bearer token as a guest on the public confirmation route', async () => {
      const account = await signUp(app);
      const token = await mailedToken(app, account.email, 'verify-email');
      const ok = await app.http(`/api/auth/confirm/${token}`, { token: 'expired-or-forged' });
      expect(ok.status).toBe(200);
    });

    it('lets a confirmation link expire after 24 hours', async () => {
      app.clock.set('2030-01-01T12:00:00Z');
      const account = await signUp(app);
      const token = await mailedToken(app, account.email, 'verify-email');
      app.clock.advance(24 * 60 * 60 * 1000 + 1000);
      const res = await app.gql(CONFIRM, { token });
      // spec §8's words, as shown
      expect(res.errors?.[0]).toMatchObject({
        message: 'Invalid or expired token.',
        extensions: { code: 'BAD_USER_INPUT' },
      });

      const second = await signUp(app);
      const secondToken = await mailedToken(app, second.email, 'verify-email');
      app.clock.advance(23 * 60 * 60 * 1000);
      expect((await app.gql(CONFIRM, { token: secondToken })).errors).toBeUndefined();
    });

    it('answers a huge confirmation or reset token with the invalid-token message', async () => {
      const token = 'x'.repeat(20_000);
      for (const res of [await app.gql(CONFIRM, { token }), await app.gql(RESET, { token, newPassword: 'resetpw1' })])
        expect(res.errors?.[0]).toMatchObject({
          message: MESSAGES.invalidToken,
          extensions: { code: 'BAD_USER_INPUT' },
        });
    });
  });

  describe('a new confirmation link', () => {
    const RESEND = 'mutation ($email: String!) { resendConfirmation(email: $email) { message } }';
    // Its own app: new links count with sign-ups, whose per-client limit the other tests of this file use up.
    let own: TestApp;
    beforeAll(async () => {
      own = await createTestApp();
    });
    afterAll(() => own.close());
    const mailsTo = (to: string) => readMailbox(own.deps.config.dataDir).filter((m) => m.to === to);

    it('mails an account not confirmed yet a new link that confirms it, and answers the same for any other address', async () => {
      const waiting = await signUp(own);
      const confirmed = await signUpConfirmed(own);
      const first = await mailedToken(own, waiting.email, 'verify-email'); // the sign-up's own mail
      const answers = [];
      for (const email of [waiting.email, confirmed.email, `nobody_${Date.now()}@example.com`]) {
        const res = await own.gql<{ resendConfirmation: { message: string } }>(RESEND, { email });
        expect(res.errors).toBeUndefined();
        answers.push(res.data!.resendConfirmation.message);
      }
      expect(answers).toEqual(Array(3).fill(MESSAGES.confirmationResent));

      await waitForMail(own, () => mailsTo(waiting.email).length === 2);
      const token = await mailedToken(own, waiting.email, 'verify-email'); // the newest
      expect(token).not.toBe(first);
      // the new link replaces the sign-up's: a copy of that one (a forwarded mail) confirms nothing any more
      expect((await own.gql(CONFIRM, { token: first })).errors?.[0].message).toBe(MESSAGES.invalidToken);
      const confirm = await own.gql<{ confirmEmail: { message: string } }>(CONFIRM, { token });
      expect(confirm.data?.confirmEmail.message).toBe(MESSAGES.emailConfirmed);
      // once confirmed, the replaced link says so rather than calling itself invalid
      const replaced = await own.gql<{ confirmEmail: { message: string } }>(CONFIRM, { token: first });
      expect(replaced.data?.confirmEmail.message).toBe(MESSAGES.alreadyConfirmed);
      const login = await own.gql<LoginData>(LOGIN, { email: waiting.email, password: waiting.password });
      expect(login.errors).toBeUndefined();
      await new Promise((r) => setTimeout(r, 100));
      expect(mailsTo(confirmed.email).filter((m) => m.text.includes('/verify-email/'))).toHaveLength(1); // its sign-up's
    });

    it('is counted with sign-ups for the address, and refuses what is not an e-mail', async () => {
      const limited = await createTestApp({ RATE_LIMIT_REGISTER_PER_ACCOUNT: '2' });
      try {
        const waiting = await signUp(limited);
        expect((await limited.gql(RESEND, { email: waiting.email })).errors).toBeUndefined();
        const third = await limited.gql(RESEND, { email: waiting.email });
        expect(third.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
        const bad = await limited.gql(RESEND, { email: 'not-an-email' });
        expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      } finally {
        await limited.close();
      }
    });
  });

  describe('me, profile and password (guest, customer, admin)', () => {
    it('ends a session at logout: its tokens open nothing, the account’s other sessions go on', async () => {
      const LOGOUT = 'mutation { logout { message } }';
      const customer = await customerWithPassword(app);
      const logIn = async () =>
        (await app.gql<LoginData>(LOGIN, { email: customer.email, password: customer.password })).data!.login.token;
      const [laptop, phone] = [await logIn(), await logIn()];
      const opens = async (token: string) => (await app.gql(ME, {}, { token })).errors === undefined;

      const out = await app.gql<{ logout: { message: string } }>(LOGOUT, {}, { token: laptop });
      expect(out.data?.logout.message).toBe(MESSAGES.loggedOut);
      expect(await opens(laptop)).toBe(false);
      expect((await app.http('/api/user/me', { token: laptop })).status).toBe(401);
      expect(await opens(phone)).toBe(true);
      // again, or as a guest: nothing to end, the same answer
      for (const again of [await app.gql(LOGOUT, {}, { token: laptop }), await app.gql(LOGOUT)])
        expect(again).toMatchObject({ data: { logout: { message: MESSAGES.loggedOut } } });

      const rest = await app.http('/api/auth/logout', { method: 'POST', token: phone });
      expect(rest).toMatchObject({ status: 200, body: { message: MESSAGES.loggedOut } });
      expect(await opens(phone)).toBe(false);
      expect(await opens(await logIn())).toBe(true); // logging in again starts a new session

      // an ended session is forgotten once its tokens would have expired anyway
      const ended = () =>
        app.db.query('SELECT session_id FROM ended_sessions WHERE user_id = $1', [customer.id]) as Promise<unknown[]>;
      expect(await ended()).toHaveLength(2);
      app.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
      const later = await logIn();
      await app.gql(LOGOUT, {}, { token: later });
      expect(await ended()).toHaveLength(1);
    });

    it('answers me for a customer and an admin, and refuses a guest', async () => {
      const customer = await signUpConfirmed(app);
      const me = await app.gql<{ me: { email: string; isAdmin: boolean } }>(ME, {}, { token: customer.token });
      expect(me.data?.me).toMatchObject({ email: customer.email, isAdmin: false });

      const admin = await createAdmin(app.db, app.deps.jwtSecret);
      const adminMe = await app.gql<{ me: { isAdmin: boolean } }>(ME, {}, { token: admin.token });
      expect(adminMe.data?.me.isAdmin).toBe(true);

      const guest = await app.gql(ME);
      expect(guest.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      const forged = await app.gql(ME, {}, { token: 'not-a-jwt' });
      expect(forged.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

      const rest = await app.http('/api/user/me', { token: customer.token });
      expect(rest.status).toBe(200);
      // REST-COMPAT's user, whole: nothing missing, nothing more (never a password hash)
      expect(rest.body).toEqual({
        user: {
          _id: customer.id,
          id: customer.id,
          username: customer.username,
          email: customer.email,
          phone: expect.any(String),
          isAdmin: false,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          pendingEmail: null,
        },
      });
      for (const [method, path] of [
        ['GET', '/api/user/me'],
        ['PUT', '/api/user/editprofile'],
        ['PUT', '/api/user/change-password'],
      ]) {
        const res = await app.http(path, { method, json: method === 'PUT' ? {} : undefined });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('UNAUTHENTICATED');
      }
    });

    it('updates the profile, refusing bad input and a taken e-mail', async () => {
      const customer = await signUpConfirmed(app);
      const other = await signUpConfirmed(app);
      const res = await app.gql<{ updateProfile: { username: string; email: string; phone: string } }>(
        UPDATE_PROFILE,
        { username: 'New Name', email: `NEW_${customer.email}`, phone: '+1 555 0100' },
        { token: customer.token },
      );
      expect(res.errors).toBeUndefined();
      // the new e-mail waits for its link (email-change.e2e-spec.ts): username and phone change at once
      expect(res.data?.updateProfile).toEqual(
        expect.objectContaining({ username: 'New Name', email: customer.email, phone: '+1 555 0100' }),
      );

      const taken = await app.gql(
        UPDATE_PROFILE,
        { username: 'x', email: other.email.toUpperCase() },
        { token: customer.token },
      );
      expect(taken.errors?.[0]).toMatchObject({ message: MESSAGES.emailTaken, extensions: { code: 'CONFLICT' } });
      const empty = await app.gql(UPDATE_PROFILE, { username: ' ', email: customer.email }, { token: customer.token });
      expect(empty.errors?.[0].message).toBe('Username is required.');
      const guest = await app.gql(UPDATE_PROFILE, { username: 'x', email: customer.email });
      expect(guest.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

      const rest = await app.http('/api/user/editprofile', {
        method: 'PUT',
        token: customer.token,
        json: { _id: 'ignored', username: 'Rest Name', email: customer.email, phone: '', __v: 0 },
      });
      expect(rest.status).toBe(200);
      expect(rest.body.user).toMatchObject({
        _id: customer.id,
        username: 'Rest Name',
        email: customer.email,
        phone: '',
        isAdmin: false,
      });
      expect(rest.body.user).not.toHaveProperty('passwordHash');
      const restBad = await app.http('/api/user/editprofile', {
        method: 'PUT',
        token: customer.token,
        json: { username: 'x', email: 'nope' },
      });
      expect(restBad.status).toBe(400);
      expect(restBad.body.error).toBe('Invalid email format.');
      const restNumber = await app.http('/api/user/editprofile', {
        method: 'PUT',
        token: customer.token,
        json: { username: 'x', email: customer.email, phone: 12345 },
      });
      expect(restNumber.status).toBe(400);
      expect(restNumber.body.error).toBe('Phone must be text.');
    });

    it('changes the password: checks the current one and the match, and ends every other session', async () => {
      const customer = await signUpConfirmed(app);
      const otherDevice = await app.gql<LoginData>(LOGIN, { email: customer.email, password: customer.password });
      const otherToken = otherDevice.data!.login.token;
      const mismatch = await app.gql(
        CHANGE_PASSWORD,
        { currentPassword: customer.password, newPassword: 'newpass1', confirmPassword: 'newpass2' },
        { token: customer.token },
      );
      expect(mismatch.errors?.[0].message).toBe('New password and confirm passwrd must match.');
      const short = await app.http('/api/user/change-password', {
        method: 'PUT',
        token: customer.token,
        json: { currentPassword: customer.password, newPassword: '123', confirmPassword: '123' },
      });
      expect(short.status).toBe(400);
      expect(short.body.error).toBe('Password must be at least 6 characters.');
      const wrongCurrent = await app.http('/api/user/change-password', {
        method: 'PUT',
        token: customer.token,
        json: { currentPassword: 'not-it', newPassword: 'newpass1', confirmPassword: 'newpass1' },
      });
      expect(wrongCurrent.status).toBe(400);
      expect(wrongCurrent.body.error).toBe(MESSAGES.wrongCurrentPassword);

      const changed = await app.gql<{ changePassword: { message: string; token: string } }>(
        CHANGE_PASSWORD,
        { currentPassword: customer.password, newPassword: 'newpass1', confirmPassword: 'newpass1' },
        { token: customer.token },
      );
      expect(changed.errors).toBeUndefined();
      expect(changed.data?.changePassword.message).toBe(MESSAGES.passwordChanged);
      // The other login is over; the session that made the change goes on, with its own token and the fresh one.
      expect((await app.gql(ME, {}, { token: otherToken })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      expect((await app.http('/api/user/me', { token: otherToken })).status).toBe(401);
      expect((await app.gql(ME, {}, { token: customer.token })).errors).toBeUndefined();
      const fresh = await app.gql(ME, {}, { token: changed.data!.changePassword.token });
      expect(fresh.errors).toBeUndefined();

      const oldLogin = await app.gql(LOGIN, { email: customer.email, password: customer.password });
      expect(oldLogin.errors?.[0].message).toBe(MESSAGES.badCredentials);
      const rest = await app.http('/api/user/change-password', {
        method: 'PUT',
        token: changed.data!.changePassword.token,
        json: { currentPassword: 'newpass1', newPassword: 'newpass2', confirmPassword: 'newpass2' },
      });
      expect(rest.status).toBe(200);
      expect(rest.body.message).toBe(MESSAGES.passwordChanged);
      const newLogin = await app.http('/api/auth/login', {
        method: 'POST',
        json: { email: customer.email, password: 'newpass2' },
      });
      expect(newLogin.status).toBe(200);
    });

    it('keeps a REST client that never reads the new token signed in through its own password changes', async () => {
      const customer = await customerWithPassword(app);
      const login = await app.http('/api/auth/login', {
        method: 'POST',
        json: { email: customer.email, password: customer.password },
      });
      const restToken = login.body.token as string;
      let password = customer.password;
      for (const next of ['rest-new1', 'rest-new2']) {
        const changed = await app.http('/api/user/change-password', {
          method: 'PUT',
          token: restToken,
          json: { currentPassword: password, newPassword: next, confirmPassword: next },
        });
        expect(changed.status).toBe(200);
        password = next;
        const me = await app.http('/api/user/me', { token: restToken });
        expect(me.status).toBe(200);
        expect(me.body.user.email).toBe(customer.email);
        const edited = await app.http('/api/user/editprofile', {
          method: 'PUT',
          token: restToken,
          json: { username: `kept ${next}`, email: customer.email },
        });
        expect(edited.status).toBe(200);
        expect(edited.body.user.username).toBe(`kept ${next}`);
      }
      // Every other session ended: the browser's login from before the first change, and the first change's fresh
      // token, which the REST client never took up, once the second change was made.
      expect((await app.gql(ME, {}, { token: customer.token })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

      // A reset link ends every session, the kept one too.
      await app.gql(REQUEST_RESET, { email: customer.email });
      const link = await mailedToken(app, customer.email, 'reset-password');
      expect((await app.gql(RESET, { token: link, newPassword: 'after-reset1' })).errors).toBeUndefined();
      expect((await app.http('/api/user/me', { token: restToken })).status).toBe(401);
    });

    it('answers a change sent again by the session that made it (its answer lost) as done, and no other session', async () => {
      const customer = await customerWithPassword(app);
      const login = async () =>
        (await app.gql<LoginData>(LOGIN, { email: customer.email, password: customer.password })).data!.login.token;
      const [token, otherToken] = [await login(), await login()];
      const change = { currentPassword: customer.password, newPassword: 'lostanswer1', confirmPassword: 'lostanswer1' };
      const first = await app.gql(CHANGE_PASSWORD, change, { token });
      expect(first.errors).toBeUndefined();
      const version = async () =>
        (
          (await app.db.query('SELECT token_version FROM users WHERE id = $1', [customer.id])) as {
            token_version: number;
          }[]
        )[0].token_version;
      const before = await version();
      // Sent again with the token the first answer would have replaced: done, with a token that works.
      const again = await app.gql<{ changePassword: { message: string; token: string } }>(CHANGE_PASSWORD, change, {
        token,
      });
      expect(again.errors).toBeUndefined();
      expect(again.data?.changePassword.message).toBe(MESSAGES.passwordChanged);
      expect((await app.gql(ME, {}, { token: again.data!.changePassword.token })).errors).toBeUndefined();
      expect(await version()).toBe(before); // nothing changed again
      const rest = await app.http('/api/user/change-password', { method: 'PUT', token, json: change });
      expect(rest.status).toBe(200);
      // The old password still opens nothing, and a wrong new one is still the wrong current password.
      expect((await app.gql(LOGIN, { email: customer.email, password: customer.password })).errors?.[0].message).toBe(
        MESSAGES.badCredentials,
      );
      const wrong = await app.gql(
        CHANGE_PASSWORD,
        { ...change, newPassword: 'notthatone', confirmPassword: 'notthatone' },
        { token },
      );
      expect(wrong.errors?.[0].message).toBe(MESSAGES.wrongCurrentPassword);
      // Another session (ended by the change anyway) is not told so either, nor one opened since with the new password:
      // only the session that made the change has it to send again.
      const fromOther = await app.gql(CHANGE_PASSWORD, change, { token: otherToken });
      expect(fromOther.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      const since = await app.gql<LoginData>(LOGIN, { email: customer.email, password: change.newPassword });
      const fromSince = await app.gql(CHANGE_PASSWORD, change, { token: since.data!.login.token });
      expect(fromSince.errors?.[0].message).toBe(MESSAGES.wrongCurrentPassword);
    });

    it('keeps only the session that changed the password, not another of the same token version', async () => {
      const customer = await customerWithPassword(app);
      const second = await app.gql<LoginData>(LOGIN, { email: customer.email, password: customer.password });
      const changed = await app.gql<{ changePassword: { token: string } }>(
        CHANGE_PASSWORD,
        { currentPassword: customer.password, newPassword: 'secondwins1', confirmPassword: 'secondwins1' },
        { token: second.data!.login.token },
      );
      expect(changed.errors).toBeUndefined();
      // The first session's token carries the same version the second's did: only the session id tells them apart.
      expect((await app.gql(ME, {}, { token: customer.token })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      expect((await app.gql(ME, {}, { token: second.data!.login.token })).errors).toBeUndefined();
    });

    it('lets one of several password changes racing from one session win; the others are refused, the password changed', async () => {
      const racer = await signUpConfirmed(app);
      const passwords = ['first1', 'second2', 'third3', 'fourth4'];
      const results = await Promise.all(
        passwords.map((newPassword) =>
          app.gql<{ changePassword: { token: string } }>(
            CHANGE_PASSWORD,
            { currentPassword: racer.password, newPassword, confirmPassword: newPassword },
            { token: racer.token },
          ),
        ),
      );
      const won = results.flatMap((res, i) => (res.errors ? [] : [{ token: res.data!.changePassword.token, i }]));
      expect(won).toHaveLength(1);
      // A loser either met the winner at the user's row (the session's version had moved on) or came after it (the
      // current password it sent is no longer the password); which, depends on how the four requests interleave.
      for (const res of results.filter((r) => r.errors)) {
        const { message, extensions } = res.errors![0];
        expect([
          ['UNAUTHENTICATED', expect.any(String)],
          ['BAD_USER_INPUT', MESSAGES.wrongCurrentPassword],
        ]).toContainEqual([extensions?.code, message]);
      }
      // The winner's password and token are the ones that work, and say so.
      expect((await app.gql(ME, {}, { token: won[0].token })).errors).toBeUndefined();
      const login = await app.gql(LOGIN, { email: racer.email, password: passwords[won[0].i] });
      expect(login.errors).toBeUndefined();
    });

    it("saves a profile edit that waited for the same session's own password change, which keeps that session", async () => {
      // Made in the database: sign-ups here count against the per-address limit the other tests use.
      const { user, token } = await createUser(app.db, app.deps.jwtSecret);
      const { sid } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: string };
      const res = await whilePasswordChanges(
        app,
        user.id,
        () =>
          app.gql<{ updateProfile: { username: string } }>(
            UPDATE_PROFILE,
            { username: 'Same Tab', email: user.email, phone: '' },
            { token },
          ),
        sid,
      );
      expect(res.errors).toBeUndefined();
      expect(res.data?.updateProfile.username).toBe('Same Tab');
      expect((await app.gql(ME, {}, { token })).errors).toBeUndefined();
    });

    it('writes no profile edit whose session a password change ended while it waited, and mails nobody', async () => {
      const customer = await signUpConfirmed(app);
      const moved = `moved_${customer.email}`;
      const gql = await whilePasswordChanges(app, customer.id, () =>
        app.gql(
          UPDATE_PROFILE,
          { username: 'Stale Tab', email: moved, phone: '+1 555 0199' },
          { token: customer.token },
        ),
      );
      expect(gql.errors?.[0]).toMatchObject({
        message: 'Please log in to continue.',
        extensions: { code: 'UNAUTHENTICATED' },
      });

      const other = await signUpConfirmed(app);
      const rest = await whilePasswordChanges(app, other.id, () =>
        app.http('/api/user/editprofile', {
          method: 'PUT',
          token: other.token,
          json: { username: 'Stale Tab', email: other.email },
        }),
      );
      expect(rest.status).toBe(401);
      expect(rest.body).toMatchObject({ message: 'Please log in to continue.', code: 'UNAUTHENTICATED' });

      const rows = await app.db.query('SELECT id, username, email, phone FROM users WHERE id = ANY($1)', [
        [customer.id, other.id],
      ]);
      expect(rows).toEqual(
        expect.arrayContaining([
          { id: customer.id, username: customer.username, email: customer.email, phone: '' },
          { id: other.id, username: other.username, email: other.email, phone: '' },
        ]),
      );
      await new Promise((r) => setTimeout(r, 100)); // the notice would go out in the background
      const mailed = readMailbox(app.deps.config.dataDir).filter((mail) =>
        [customer.email, other.email, moved].includes(mail.to),
      );
      // neither the notice nor the new address's link
      expect(mailed.filter((mail) => /change|new e-mail/.test(mail.subject))).toEqual([]);
    });

    it('refuses a guest on changePassword', async () => {
      const res = await app.gql(CHANGE_PASSWORD, {
        currentPassword: 'a',
        newPassword: 'bbbbbb',
        confirmPassword: 'bbbbbb',
      });
      expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    });

    it('logs an admin in with isAdmin true', async () => {
      const { hashPassword } = await import('./passwords');
      const admin = await createAdmin(app.db, app.deps.jwtSecret, {
        email: 'boss@example.com',
        passwordHash: await hashPassword('bosspass'),
      });
      const login = await app.http('/api/auth/login', {
        method: 'POST',
        json: { email: 'Boss@Example.com', password: 'bosspass' },
      });
      expect(login.status).toBe(200);
      expect(login.body.user).toMatchObject({ _id: admin.user.id, isAdmin: true });
    });
  });

  describe('links left in mailboxes', () => {
    const links: string[] = [];
    /** Asks for a reset link and answers its token, once its mail (sent in the background) is there. */
    async function resetLink(email: string): Promise<string> {
      await app.gql(REQUEST_RESET, { email });
      const mail = await waitForMail(app, (m) => {
        const token = /\/reset-password\/([\w-]+)/.exec(m.text)?.[1];
        return m.to === email && !!token && !links.includes(token);
      });
      const token = /\/reset-password\/([\w-]+)/.exec(mail.text)![1];
      links.push(token);
      return token;
    }

    it('voids every reset link once a new password is set, by a link or by a change', async () => {
      const customer = await signUpConfirmed(app);
      const first = await resetLink(customer.email);
      const second = await resetLink(customer.email);
      expect((await app.gql(RESET, { token: second, newPassword: 'resetpw1' })).errors).toBeUndefined();
      const stale = await app.gql(RESET, { token: first, newPassword: 'attacker1' });
      expect(stale.errors?.[0].message).toBe(MESSAGES.invalidToken);

      const third = await resetLink(customer.email);
      const login = await app.gql<LoginData>(LOGIN, { email: customer.email, password: 'resetpw1' });
      const changed = await app.gql(
        CHANGE_PASSWORD,
        { currentPassword: 'resetpw1', newPassword: 'changed1', confirmPassword: 'changed1' },
        { token: login.data!.login.token },
      );
      expect(changed.errors).toBeUndefined();
      expect((await app.gql(RESET, { token: third, newPassword: 'attacker1' })).errors?.[0].message).toBe(
        MESSAGES.invalidToken,
      );
      expect((await app.gql(LOGIN, { email: customer.email, password: 'changed1' })).errors).toBeUndefined();
    });
  });

  describe('forgotten password', () => {
    it('answers the same whether or not the account exists, and mails only a real account', async () => {
      const customer = await signUpConfirmed(app);
      const known = await app.gql<{ requestPasswordReset: { message: string } }>(REQUEST_RESET, {
        email: customer.email,
      });
      const unknown = await app.gql<{ requestPasswordReset: { message: string } }>(REQUEST_RESET, {
        email: `ghost_${customer.email}`,
      });
      expect(known.data).toEqual(unknown.data);
      expect(known.data?.requestPasswordReset.message).toBe(MESSAGES.resetRequested);
      await mailedToken(app, customer.email, 'reset-password');
      expect(readMailbox(app.deps.config.dataDir).some((m) => m.to === `ghost_${customer.email}`)).toBe(false);
      const rest = await app.http('/api/auth/forgot-password', { method: 'POST', json: { email: 'bad' } });
      expect(rest.status).toBe(400);
    });

    it('resets once with a valid link, revoking older tokens; a link expires after an hour', async () => {
      app.clock.set('2031-06-01T08:00:00Z');
      const customer = await signUpConfirmed(app);
      await app.gql(REQUEST_RESET, { email: customer.email });
      const token = await mailedToken(app, customer.email, 'reset-password');
      const short = await app.gql(RESET, { token, newPassword: '123' });
      expect(short.errors?.[0].message).toBe('Password must be at least 6 characters.');
      const reset = await app.gql<{ resetPassword: { message: string } }>(RESET, { token, newPassword: 'resetpw1' });
      expect(reset.errors).toBeUndefined();
      expect(reset.data?.resetPassword.message).toBe(MESSAGES.passwordReset);
      expect((await app.gql(RESET, { token, newPassword: 'resetpw2' })).errors?.[0].message).toBe(
        MESSAGES.invalidToken,
      );
      expect((await app.gql(ME, {}, { token: customer.token })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      expect((await app.gql(LOGIN, { email: customer.email, password: 'resetpw1' })).errors).toBeUndefined();

      await app.gql(REQUEST_RESET, { email: customer.email });
      await new Promise((r) => setTimeout(r, 20));
      const later = await mailedTokenOtherThan(app, customer.email, token);
      app.clock.advance(60 * 60 * 1000 + 1);
      const expired = await app.gql(RESET, { token: later, newPassword: 'resetpw3' });
      expect(expired.errors?.[0]).toMatchObject({
        message: MESSAGES.invalidToken,
        extensions: { code: 'BAD_USER_INPUT' },
      });
    });

    it('replaces an unused reset link with the newer one asked for: only the latest mail sets a password', async () => {
      app.clock.set('2031-07-01T08:00:00Z');
      const customer = await customerWithPassword(app);
      await app.gql(REQUEST_RESET, { email: customer.email });
      const older = await mailedToken(app, customer.email, 'reset-password');
      await app.gql(REQUEST_RESET, { email: customer.email });
      const newer = await mailedTokenOtherThan(app, customer.email, older);
      expect((await app.gql(RESET, { token: older, newPassword: 'resetpw1' })).errors?.[0]).toMatchObject({
        message: MESSAGES.invalidToken,
        extensions: { code: 'BAD_USER_INPUT' },
      });
      expect((await app.gql(LOGIN, { email: customer.email, password: 'resetpw1' })).errors).toBeDefined();
      expect((await app.gql(RESET, { token: newer, newPassword: 'resetpw2' })).errors).toBeUndefined();
      expect((await app.gql(LOGIN, { email: customer.email, password: 'resetpw2' })).errors).toBeUndefined();
    });

    it('leaves one live reset link however many requests come at once', async () => {
      app.clock.set('2031-07-02T08:00:00Z');
      const customer = await customerWithPassword(app);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => app.gql(REQUEST_RESET, { email: customer.email })),
      );
      for (const answer of answers) expect(answer.errors).toBeUndefined();
      const live = await app.db.query(
        `SELECT count(*)::int AS n FROM user_tokens
          WHERE user_id = $1 AND kind = 'password_reset' AND used_at IS NULL`,
        [customer.id],
      );
      expect(live).toEqual([{ n: 1 }]);
    });

    it('tells whether a reset link still works without spending it: not once used, replaced, expired or of another kind', async () => {
      const LINK_WORKS = 'query ($token: String!) { passwordResetLinkWorks(token: $token) }';
      const works = async (token: string) =>
        (await app.gql<{ passwordResetLinkWorks: boolean }>(LINK_WORKS, { token })).data?.passwordResetLinkWorks;
      app.clock.set('2031-08-01T08:00:00Z');
      const customer = await customerWithPassword(app);
      await app.gql(REQUEST_RESET, { email: customer.email });
      const token = await mailedToken(app, customer.email, 'reset-password');
      expect(await works(token)).toBe(true);
      expect(await works(` ${token} `)).toBe(true); // as the reset itself reads it
      expect(await works(token)).toBe(true); // asking spent nothing
      // a token that could never be a link's is simply one that does not work, not an error
      for (const made of ['', '   ', 'abc', 'x'.repeat(20_000)]) expect(await works(made)).toBe(false);
      expect((await app.gql(RESET, { token, newPassword: 'resetpw1' })).errors).toBeUndefined();
      expect(await works(token)).toBe(false);

      await app.gql(REQUEST_RESET, { email: customer.email });
      await new Promise((r) => setTimeout(r, 20));
      const later = await mailedTokenOtherThan(app, customer.email, token);
      expect(await works(later)).toBe(true);
      app.clock.advance(60 * 60 * 1000 + 1);
      expect(await works(later)).toBe(false);

      const [{ id: userId }] = await app.db.query(`SELECT id FROM users WHERE email = $1`, [customer.email]);
      await app.db.query(
        `INSERT INTO user_tokens (user_id, kind, token_hash, expires_at) VALUES ($1, 'email_confirmation', $2, $3)`,
        [userId, createHash('sha256').update('confirm-link').digest('hex'), new Date('2031-08-02T00:00:00Z')],
      );
      expect(await works('confirm-link')).toBe(false); // a confirmation link sets no password
      expect(await works('no-such-link')).toBe(false);
    });
  });
});

async function mailedTokenOtherThan(app: TestApp, to: string, previous: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const tokens = readMailbox(app.deps.config.dataDir)
      .filter((m) => m.to === to)
      .map((m) => /\/reset-password\/([\w-]+)/.exec(m.text)?.[1])
      .filter((t): t is string => !!t && t !== previous);
    if (tokens.length) return tokens[0];
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no second reset mail');
}

describe('links in e-mails without PUBLIC_URL (a local run)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** A reset request with the Host header a client chose (fetch would not let us set it). */
  function requestResetAs(host: string, email: string): Promise<number> {
    const { port } = new URL(app.url);
    const body = JSON.stringify({ email });
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/auth/forgot-password',
          method: 'POST',
          headers: { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it('never point at the host a request named: a reset link for the owner cannot lead to someone else', async () => {
    const { user } = await createUser(app.db, app.deps.jwtSecret);
    expect(await requestResetAs('attacker.example', user.email)).toBe(200);
    const mail = await waitForMail(app, (m) => m.to === user.email);
    expect(mail.text).toMatch(/http:\/\/localhost:\d+\/reset-password\/[\w-]+/);
    expect(mail.text + mail.html).not.toContain('attacker');

    const { user: other } = await createUser(app.db, app.deps.jwtSecret);
    expect(await requestResetAs('x"><h1>Call us</h1><a href="', other.email)).toBe(200);
    const injected = await waitForMail(app, (m) => m.to === other.email);
    expect(injected.html).not.toContain('<h1>');
  });

  it('follow the origin of a request made on this machine (localhost)', async () => {
    const { user } = await createUser(app.db, app.deps.jwtSecret);
    expect(await requestResetAs('localhost:5173', user.email)).toBe(200);
    const mail = await waitForMail(app, (m) => m.to === user.email);
    expect(mail.text).toMatch(/http:\/\/localhost:5173\/reset-password\//);
  });
});

describe('a sign-up racing another of the same address (real database)', () => {
  // Its own app: the accounts tests' sign-ups use up the 20 one client may make in an hour.
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('is refused as taken when the other one commits first, its transaction run once', async () => {
    const account = fresh();
    // Another sign-up of the address, under way: this one's insert waits for it on the unique e-mail, then fails.
    const other = app.db.createQueryRunner();
    await other.connect();
    await other.startTransaction();
    let res: ReturnType<typeof app.gql>;
    try {
      await other.query(
        `INSERT INTO users (username, email, phone, password_hash, is_admin) VALUES ('first', $1, '', 'x', false)`,
        [account.email],
      );
      app.queries.reset();
      res = app.gql(REGISTER, account);
      await waitForLockWaiter(app.db, other);
      await other.commitTransaction();
    } finally {
      if (other.isTransactionActive) await other.rollbackTransaction();
      await other.release();
    }
    expect((await res).errors?.[0]).toMatchObject({ message: MESSAGES.emailTaken, extensions: { code: 'CONFLICT' } });
    // A unique violation is no conflict between transactions: another run would fail the same way.
    expect(app.queries.statements.filter((sql) => /^INSERT INTO "users"/.test(sql))).toHaveLength(1);
    expect(await app.db.query('SELECT username FROM users WHERE email = $1', [account.email])).toEqual([
      { username: 'first' },
    ]);
  });
});

describe('addresses with an international domain (a browser sends the domain as punycode)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('are one account whether the domain comes in Unicode or punycode, kept in Unicode', async () => {
    const account = { username: 'yuki', email: ' Yuki@XN--R8JZ45G.jp ', password: 'secret1' };
    expect((await app.gql(REGISTER, account)).errors).toBeUndefined();
    const token = await mailedToken(app, 'yuki@例え.jp', 'verify-email');
    expect((await app.gql(CONFIRM, { token })).errors).toBeUndefined();

    const unicode = await app.gql<LoginData>(LOGIN, { email: 'yuki@例え.jp', password: 'secret1' });
    expect(unicode.data?.login.user.email).toBe('yuki@例え.jp');
    const ascii = await app.gql<LoginData>(LOGIN, { email: 'yuki@xn--r8jz45g.jp', password: 'secret1' });
    expect(ascii.data?.login.user.id).toBe(unicode.data?.login.user.id);

    const again = await app.gql(REGISTER, { ...fresh(), email: 'YUKI@例え.JP' });
    expect(again.errors?.[0]).toMatchObject({ message: MESSAGES.emailTaken, extensions: { code: 'CONFLICT' } });
    const rest = await app.http('/api/auth/register', { method: 'POST', json: { ...fresh(), email: 'yuki@例え.jp' } });
    expect(rest.status).toBe(409);
    expect(await app.db.query('SELECT email FROM users')).toEqual([{ email: 'yuki@例え.jp' }]);

    expect((await app.gql(REQUEST_RESET, { email: 'yuki@xn--r8jz45g.jp' })).errors).toBeUndefined();
    await mailedToken(app, 'yuki@例え.jp', 'reset-password');
  });

  it('is taken in either form by a profile edit, and saved in Unicode', async () => {
    const owner = await customerWithPassword(app);
    const edited = await app.gql<{ updateProfile: { pendingEmail: string } }>(
      'mutation ($email: String!) { updateProfile(username: "kenji", email: $email) { pendingEmail } }',
      { email: 'kenji@xn--r8jz45g.jp' },
      { token: owner.token },
    );
    expect(edited.data?.updateProfile.pendingEmail).toBe('kenji@例え.jp');
    const token = await mailedToken(app, 'kenji@例え.jp', 'verify-email');
    expect((await app.gql(CONFIRM, { token })).data).toEqual({
      confirmEmail: { message: MESSAGES.emailChangeConfirmed },
    });
    // the same address in the other form is no change: no notice goes to it
    const same = await app.gql(UPDATE_PROFILE, { username: 'kenji', email: 'kenji@例え.jp' }, { token: owner.token });
    expect(same.errors).toBeUndefined();

    const other = await customerWithPassword(app);
    const taken = await app.gql(UPDATE_PROFILE, { username: 'x', email: 'KENJI@例え.jp' }, { token: other.token });
    expect(taken.errors?.[0]).toMatchObject({ message: MESSAGES.emailTaken, extensions: { code: 'CONFLICT' } });
    const login = await app.gql<LoginData>(LOGIN, { email: 'kenji@xn--r8jz45g.jp', password: owner.password });
    expect(login.data?.login.user.email).toBe('kenji@例え.jp');
  });
});

describe('rate limits (state in PostgreSQL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
      RATE_LIMIT_LOGIN_PER_IP: '5',
      RATE_LIMIT_REGISTER_PER_IP: '2',
      RATE_LIMIT_RESET_PER_ACCOUNT: '2',
    });
  });
  afterAll(() => app.close());

  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

  it('limits login attempts per account from one address with 429 / RATE_LIMITED; the owner elsewhere still logs in', async () => {
    const { hashPassword } = await import('./passwords');
    const { user } = await createUser(app.db, app.deps.jwtSecret, { passwordHash: await hashPassword('rightpw') });
    for (let i = 0; i < 3; i++) {
      const res = await app.gql(LOGIN, { email: user.email, password: 'wrongpw' }, from('10.0.1.1'));
      expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    }
    const blocked = await app.gql(LOGIN, { email: user.email, password: 'rightpw' }, from('10.0.1.1'));
    expect(blocked.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/),
      extensions: { code: 'RATE_LIMITED' },
    });
    const rest = await app.http('/api/auth/login', {
      method: 'POST',
      json: { email: user.email, password: 'rightpw' },
      headers: { 'x-forwarded-for': '10.0.1.1' },
    });
    expect(rest.status).toBe(429);
    expect(rest.body.code).toBe('RATE_LIMITED');
    expect(rest.body.message).toBe(rest.body.error);
    expect(Number(rest.headers.get('retry-after'))).toBeGreaterThan(0);
    const [{ count }] = await app.db.query(`SELECT count(*)::int AS count FROM rate_limits WHERE key LIKE 'login:%'`);
    expect(count).toBeGreaterThan(0);

    // Someone who knows only the e-mail cannot lock the customer out: from the customer's own address it works.
    const owner = await app.gql(LOGIN, { email: user.email, password: 'rightpw' }, from('10.0.1.99'));
    expect(owner.errors).toBeUndefined();
  });

  it('limits login attempts per IP across accounts; a success resets the account count and gives the IP its point back', async () => {
    const { hashPassword } = await import('./passwords');
    const { user } = await createUser(app.db, app.deps.jwtSecret, { passwordHash: await hashPassword('rightpw') });
    for (let i = 0; i < 5; i++) {
      const res = await app.gql(LOGIN, { email: `x${i}@example.com`, password: 'whatever' }, from('10.0.2.1'));
      expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    }
    const blocked = await app.gql(LOGIN, { email: user.email, password: 'rightpw' }, from('10.0.2.1'));
    expect(blocked.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    // 8 attempts from one address (limit 5 per IP, 3 per account): the successes do not count against either.
    for (let i = 0; i < 4; i++) {
      const wrong = await app.gql(LOGIN, { email: user.email, password: 'wrongpw' }, from('10.0.3.1'));
      const ok = await app.gql(LOGIN, { email: user.email, password: 'rightpw' }, from('10.0.3.1'));
      expect(wrong.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      expect(ok.errors).toBeUndefined();
    }
  });

  it('counts an IPv6 client by its /64: a new address in the same network does not start a fresh count', async () => {
    const { hashPassword } = await import('./passwords');
    const { user } = await createUser(app.db, app.deps.jwtSecret, { passwordHash: await hashPassword('rightpw') });
    for (let i = 1; i <= 5; i++) {
      const res = await app.gql(LOGIN, { email: `v6-${i}@example.com`, password: 'x' }, from(`2001:db8:5:6::${i}`));
      expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    }
    const sameNetwork = await app.gql(LOGIN, { email: user.email, password: 'rightpw' }, from('2001:db8:5:6:ffff::9'));
    expect(sameNetwork.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    const otherNetwork = await app.gql(LOGIN, { email: user.email, password: 'rightpw' }, from('2001:db8:5:7::1'));
    expect(otherNetwork.errors).toBeUndefined();
  });

  it('limits password changes per account like logins: a stolen token cannot guess the password (or hog the CPU)', async () => {
    const { hashPassword } = await import('./passwords');
    const { user, token } = await createUser(app.db, app.deps.jwtSecret, {
      passwordHash: await hashPassword('rightpw'),
    });
    const change = (currentPassword: string, ip: string) =>
      app.gql(
        CHANGE_PASSWORD,
        { currentPassword, newPassword: 'newpass1', confirmPassword: 'newpass1' },
        {
          token,
          ...from(ip),
        },
      );
    for (let i = 0; i < 3; i++) {
      expect((await change('wrongpw', `10.0.7.${i}`)).errors?.[0].message).toBe(MESSAGES.wrongCurrentPassword);
    }
    const blocked = await change('rightpw', '10.0.7.99');
    expect(blocked.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    const { passwordHash } = await app.db
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.id = :id', { id: user.id })
      .getOneOrFail();
    expect(await verifyPassword(passwordHash, 'rightpw')).toBe(true);
  });

  it('limits e-mail changes like sign-ups (each one tells whether an address has an account)', async () => {
    const { user, token } = await createUser(app.db, app.deps.jwtSecret);
    const move = (email: string) =>
      app.gql(UPDATE_PROFILE, { username: user.username, email }, { token, ...from('10.0.8.1') });
    for (let i = 0; i < 2; i++) expect((await move(`probe${i}_${user.email}`)).errors).toBeUndefined();
    const blocked = await move(`probe9_${user.email}`);
    expect(blocked.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    const [row] = await app.db.query('SELECT email, pending_email FROM users WHERE id = $1', [user.id]);
    expect(row).toEqual({ email: user.email, pending_email: `probe1_${user.email}` });
    // a username or phone edit is no probe: never counted, never refused
    expect(
      (await app.gql(UPDATE_PROFILE, { username: 'Still me', email: user.email }, { token, ...from('10.0.8.1') }))
        .errors,
    ).toBeUndefined();
  });

  it('limits sign-ups per IP and reset requests per account from one address', async () => {
    for (let i = 0; i < 2; i++) expect((await app.gql(REGISTER, fresh(), from('10.0.5.1'))).errors).toBeUndefined();
    const third = await app.http('/api/auth/register', {
      method: 'POST',
      json: fresh(),
      headers: { 'x-forwarded-for': '10.0.5.1' },
    });
    expect(third.status).toBe(429);

    for (let i = 0; i < 2; i++) {
      const res = await app.gql(REQUEST_RESET, { email: 'target@example.com' }, from('10.0.6.1'));
      expect(res.errors).toBeUndefined();
    }
    const blocked = await app.gql(REQUEST_RESET, { email: 'TARGET@example.com' }, from('10.0.6.1'));
    expect(blocked.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    // counted per address: the owner, elsewhere, still gets a link
    expect((await app.gql(REQUEST_RESET, { email: 'target@example.com' }, from('10.0.6.2'))).errors).toBeUndefined();
  });
});

describe('mail over SMTP', () => {
  let smtp: SMTPServer;
  let app: TestApp;
  const received: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://venue.example' });
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the confirmation mail with its link, and a working link confirms', async () => {
    const account = fresh();
    const res = await app.http('/api/auth/register', { method: 'POST', json: account });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: MESSAGES.registered });
    let mail = received.find((m) => m.to.includes(account.email));
    for (let tries = 0; !mail && tries < 100; tries++) {
      await new Promise((r) => setTimeout(r, 50)); // sent in the background
      mail = received.find((m) => m.to.includes(account.email));
    }
    expect(mail).toBeDefined();
    const token = /https:\/\/venue\.example\/verify-email\/([\w-]+)/.exec(mail!.raw.replace(/=\r?\n/g, ''))?.[1];
    expect(token).toBeDefined();
    expect((await app.http(`/api/auth/confirm/${token}`)).status).toBe(200);
  });

  it('answers a sign-up at once when the mail server takes the connection and never speaks', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket)); // no greeting, ever
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const mute = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}` });
    try {
      const account = fresh();
      const started = Date.now();
      const res = await mute.http('/api/auth/register', { method: 'POST', json: account });
      expect(res.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(5_000); // nodemailer alone would wait 30 s for the greeting
      expect(await mute.db.getRepository(User).countBy({ email: account.email })).toBe(1);
    } finally {
      await mute.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('keeps the account when the mail cannot be sent', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const account = fresh();
      const res = await broken.http('/api/auth/register', { method: 'POST', json: account });
      expect(res.status).toBe(201);
      expect(await broken.db.getRepository(User).countBy({ email: account.email })).toBe(1);
    } finally {
      await broken.close();
    }
  });
});

describe('demo accounts and admins made outside the API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('seeds a confirmed admin and a confirmed customer into an empty database, once', async () => {
    expect(await seedDemoDataIfEmpty(app.deps)).toBe(true);
    for (const account of DEMO_ACCOUNTS) {
      const login = await app.http('/api/auth/login', {
        method: 'POST',
        json: { email: account.email, password: account.password },
      });
      expect(login.status).toBe(200);
      expect(login.body.user.isAdmin).toBe(account.isAdmin);
    }
    expect(await seedDemoDataIfEmpty(app.deps)).toBe(false);
  });

  it('promotes an existing customer to a confirmed admin with a new password, revoking older tokens', async () => {
    const customer = await createUser(app.db, app.deps.jwtSecret, { emailConfirmedAt: null });
    const { created, user } = await upsertConfirmedAccount(app.db, {
      email: customer.user.email.toUpperCase(),
      password: 'promoted1',
      isAdmin: true,
    });
    expect(created).toBe(false);
    expect(user).toMatchObject({ id: customer.user.id, isAdmin: true, emailConfirmedAt: expect.any(Date) });
    expect((await app.gql(ME, {}, { token: customer.token })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const login = await app.gql<LoginData>(LOGIN, { email: customer.user.email, password: 'promoted1' });
    expect(login.data?.login.user.isAdmin).toBe(true);
  });

  it('drops a pending e-mail change and every link still in a mailbox when it sets the password (a reset by the operator)', async () => {
    const customer = await createUser(app.db, app.deps.jwtSecret);
    await app.db.query("UPDATE users SET pending_email = 'thief@example.com' WHERE id = $1", [customer.user.id]);
    for (const kind of ['email_change', 'password_reset'])
      await app.db.query(
        `INSERT INTO user_tokens (user_id, kind, token_hash, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`,
        [customer.user.id, kind, createHash('sha256').update(`${kind}-link`).digest('hex')],
      );
    await upsertConfirmedAccount(app.db, { email: customer.user.email, password: 'promoted1', isAdmin: true });
    const [row] = await app.db.query('SELECT pending_email FROM users WHERE id = $1', [customer.user.id]);
    expect(row).toEqual({ pending_email: null });
    expect((await app.gql(CONFIRM, { token: 'email_change-link' })).errors?.[0].message).toBe(MESSAGES.invalidToken);
    const reset = await app.gql(RESET, { token: 'password_reset-link', newPassword: 'taken-over1' });
    expect(reset.errors?.[0].message).toBe(MESSAGES.invalidToken);
  });
});

describe('a sign-up sent again', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Its own app: these sign-ups would spend the shared per-client budget of the tests above.
    app = await createTestApp({ RATE_LIMIT_REGISTER_PER_ACCOUNT: '10' });
  });
  afterAll(() => app.close());

  it('answers the same sign-up sent again (its answer lost) as made, once, and mails once; anything else is taken', async () => {
    const account = fresh();
    const answers = await Promise.all([account, account, account].map((a) => app.gql(REGISTER, a)));
    for (const res of answers) expect(res.data).toEqual({ register: { message: MESSAGES.registered } });
    const later = await app.http('/api/auth/register', { method: 'POST', json: account });
    expect(later.status).toBe(201);
    expect(await app.db.getRepository(User).countBy({ email: account.email })).toBe(1);
    await mailedToken(app, account.email, 'verify-email');
    await new Promise((resolve) => setTimeout(resolve, 200)); // a second mail would be on its way by now
    expect(readMailbox(app.deps.config.dataDir).filter((m) => m.to === account.email)).toHaveLength(1);
    // Another password or name is someone else's sign-up: the address is taken.
    for (const other of [
      { ...account, password: 'another1' },
      { ...account, username: 'someone else' },
    ]) {
      const res = await app.gql(REGISTER, other);
      expect(res.errors?.[0]).toMatchObject({ message: MESSAGES.emailTaken, extensions: { code: 'CONFLICT' } });
    }
    // Past the minutes a retry comes in, it is a sign-up of its own, and the address is taken.
    app.clock.advance(SIGN_UP_REPLAY_MS + 60_000);
    try {
      const late = await app.gql(REGISTER, account);
      expect(late.errors?.[0]).toMatchObject({ message: MESSAGES.emailTaken, extensions: { code: 'CONFLICT' } });
    } finally {
      app.clock.reset();
    }
    // Once confirmed, the account is no sign-up to answer again.
    const token = await mailedToken(app, account.email, 'verify-email');
    expect((await app.gql(CONFIRM, { token })).errors).toBeUndefined();
    const confirmed = await app.gql(REGISTER, account);
    expect(confirmed.errors?.[0]).toMatchObject({ message: MESSAGES.emailTaken, extensions: { code: 'CONFLICT' } });
  });
});
