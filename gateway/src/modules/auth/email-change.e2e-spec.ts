import { readMailbox } from '../../common/mailer';
import { addCartLine, CHECKOUT_DETAIL, createAdmin, createProduct, createUser } from '../../test/factories';
import { waitForMail } from '../../test/mailbox';
import { waitForLockWaiters } from '../../test/lock-waits';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MESSAGES } from './auth.service';
import { hashPassword } from './passwords';

const PROFILE_FIELDS = 'id username email phone pendingEmail';
const UPDATE_PROFILE = `mutation ($username: String!, $email: String!, $phone: String) {
  updateProfile(username: $username, email: $email, phone: $phone) { ${PROFILE_FIELDS} } }`;
const ME = `{ me { ${PROFILE_FIELDS} } }`;
const CANCEL = `mutation { cancelEmailChange { ${PROFILE_FIELDS} } }`;
const CONFIRM = 'mutation ($token: String!) { confirmEmail(token: $token) { message } }';
const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { token user { id email } } }`;
const RESET_LINK_WORKS = 'query ($token: String!) { passwordResetLinkWorks(token: $token) }';
const REQUEST_RESET = 'mutation ($email: String!) { requestPasswordReset(email: $email) { message } }';
const RESET = `mutation ($token: String!, $newPassword: String!) {
  resetPassword(token: $token, newPassword: $newPassword) { message } }`;
const CHANGE_PASSWORD = `mutation ($currentPassword: String!, $newPassword: String!, $confirmPassword: String!) {
  changePassword(currentPassword: $currentPassword, newPassword: $newPassword, confirmPassword: $confirmPassword) {
    message } }`;
const REGISTER = `mutation ($username: String!, $email: String!, $password: String!) {
  register(username: $username, email: $email, password: $password) { message } }`;

type Profile = { id: string; username: string; email: string; phone: string; pendingEmail: string | null };

const PASSWORD = 'start-pw1';

/** Mails sent so far, of every kind. */
const mailbox = (app: TestApp) => readMailbox(app.deps.config.dataDir);

/** The token of the newest link of this kind mailed to `to`, once its mail (sent in the background) is there. */
async function mailedToken(app: TestApp, to: string, kind: 'verify-email' | 'reset-password'): Promise<string> {
  const mail = await waitForMail(app, (m) => m.to === to && m.text.includes(`/${kind}/`));
  return new RegExp(`/${kind}/([\\w-]+)`).exec(mail.text)![1];
}

/** A mail sent in the background would be in the mailbox by now. */
const afterBackgroundMail = () => new Promise((r) => setTimeout(r, 150));

describe('a new e-mail waits for confirmation from that address (real database)', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Every test here asks for new addresses from one client: counted like sign-ups, so let them all through.
    app = await createTestApp({ PUBLIC_URL: 'https://checkpoint.example', RATE_LIMIT_REGISTER_PER_IP: '1000' });
  });
  afterAll(() => app.close());
  afterEach(() => app.clock.reset());

  /** A confirmed customer who logs in with PASSWORD. */
  async function customer() {
    const { user, token } = await createUser(app.db, app.deps.jwtSecret, {
      passwordHash: await hashPassword(PASSWORD),
    });
    return { id: user.id, username: user.username, email: user.email, token };
  }
  type Customer = Awaited<ReturnType<typeof customer>>;

  const askFor = (who: Customer, email: string, username = who.username) =>
    app.gql<{ updateProfile: Profile }>(UPDATE_PROFILE, { username, email, phone: '' }, { token: who.token });
  const rowOf = async (who: Customer) =>
    (await app.db.query('SELECT email, pending_email FROM users WHERE id = $1', [who.id]))[0] as {
      email: string;
      pending_email: string | null;
    };
  const logsIn = async (email: string) => !(await app.gql(LOGIN, { email, password: PASSWORD })).errors;

  it('keeps the address, mails a link to the new one and a notice to the current one; the link switches it', async () => {
    const me = await customer();
    const moved = `moved_${me.email}`;
    const res = await app.gql<{ updateProfile: Profile }>(
      UPDATE_PROFILE,
      { username: 'New Name', email: ` MOVED_${me.email.toUpperCase()} `, phone: '+1 555 0100' },
      { token: me.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.updateProfile).toEqual({
      id: me.id,
      username: 'New Name',
      email: me.email,
      phone: '+1 555 0100',
      pendingEmail: moved,
    });
    expect(await rowOf(me)).toEqual({ email: me.email, pending_email: moved });
    expect((await app.gql<{ me: Profile }>(ME, {}, { token: me.token })).data?.me).toMatchObject({
      email: me.email,
      pendingEmail: moved,
    });

    const link = await waitForMail(app, (m) => m.to === moved && m.text.includes('/verify-email/'));
    expect(link.subject).toBe(`Confirm your new e-mail for ${app.deps.config.venue.name}`);
    // The new address may be a typo: its mail names nobody's account.
    expect(link.text).toMatch(/^Hello,\n/);
    expect(link.text).not.toContain('New Name');
    expect(link.text).toMatch(/https:\/\/checkpoint\.example\/verify-email\/[\w-]+\n/);
    const notice = await waitForMail(app, (m) => m.to === me.email && /change/.test(m.subject));
    expect(notice.subject).toBe(`A change of your ${app.deps.config.venue.name} e-mail address was asked for`);
    expect(notice.text).toContain(`asked to change its e-mail address to ${moved}.`);
    expect(notice.text).toContain(`The change takes effect once it is confirmed from ${moved}`);
    expect(notice.text).toContain('If you did not ask for it, change your password');
    expect(notice.text).toContain(app.deps.config.venue.email);
    expect(notice.text).toContain(app.deps.config.venue.phone);
    expect(notice.text).not.toContain('/verify-email/');

    // Until the link is opened, the account is where it was.
    expect(await logsIn(me.email)).toBe(true);
    expect(await logsIn(moved)).toBe(false);

    const token = await mailedToken(app, moved, 'verify-email');
    expect((await app.gql(CONFIRM, { token })).data).toEqual({
      confirmEmail: { message: 'Your new email is confirmed.' },
    });
    expect(await rowOf(me)).toEqual({ email: moved, pending_email: null });
    expect((await app.gql<{ me: Profile }>(ME, {}, { token: me.token })).data?.me).toMatchObject({
      email: moved,
      pendingEmail: null,
    });
    expect(await logsIn(moved)).toBe(true);
    expect(await logsIn(me.email)).toBe(false);
    // The address the account had is told the change is made: a thief who opened the link at once is seen.
    const changed = await waitForMail(app, (m) => m.to === me.email && /was changed/.test(m.subject));
    expect(changed.subject).toBe(`Your ${app.deps.config.venue.name} e-mail address was changed`);
    expect(changed.text).toContain(`was changed to ${moved}.`);
    expect(changed.text).toContain(app.deps.config.venue.phone);

    // Opened again (from the mail a second time, another device): it says the change is made, as a sign-up's link
    // says the account is confirmed, and changes nothing.
    for (const again of [await app.http(`/api/auth/confirm/${token}`), await app.http(`/api/auth/confirm/${token}`)])
      expect(again).toMatchObject({ status: 200, body: { message: MESSAGES.emailChangeConfirmed } });
    expect(await rowOf(me)).toEqual({ email: moved, pending_email: null });
  });

  it('confirms over REST, and keeps REST-COMPAT’s user on /api/user, with the pending address beside it', async () => {
    const me = await customer();
    const moved = `rest_${me.email}`;
    const edit = await app.http('/api/user/editprofile', {
      method: 'PUT',
      token: me.token,
      json: { _id: me.id, username: me.username, email: moved, phone: '', __v: 0 },
    });
    expect(edit.status).toBe(200);
    const user = {
      _id: me.id,
      id: me.id,
      username: me.username,
      email: me.email,
      phone: '',
      isAdmin: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    };
    expect(edit.body).toEqual({ user: { ...user, pendingEmail: moved } });
    expect((await app.http('/api/user/me', { token: me.token })).body).toEqual({
      user: { ...user, pendingEmail: moved },
    });

    const token = await mailedToken(app, moved, 'verify-email');
    const confirmed = await app.http(`/api/auth/confirm/${token}`);
    expect(confirmed).toMatchObject({ status: 200, body: { message: MESSAGES.emailChangeConfirmed } });
    expect((await app.http('/api/user/me', { token: me.token })).body).toEqual({
      user: { ...user, email: moved, pendingEmail: null },
    });
    // the login answer is REST-COMPAT's as it was
    const login = await app.http('/api/auth/login', { method: 'POST', json: { email: moved, password: PASSWORD } });
    expect(login.body.user).toEqual({ ...user, email: moved });
  });

  it('lets the reset links mailed to the current address work until the new one is confirmed', async () => {
    const me = await customer();
    await app.gql(REQUEST_RESET, { email: me.email });
    const reset = await mailedToken(app, me.email, 'reset-password');
    const works = async () =>
      (await app.gql<{ passwordResetLinkWorks: boolean }>(RESET_LINK_WORKS, { token: reset })).data
        ?.passwordResetLinkWorks;
    const moved = `reset_${me.email}`;
    expect((await askFor(me, moved)).errors).toBeUndefined();
    expect(await works()).toBe(true);
    expect((await app.gql(CONFIRM, { token: await mailedToken(app, moved, 'verify-email') })).errors).toBeUndefined();
    expect(await works()).toBe(false);
    expect((await app.gql(RESET, { token: reset, newPassword: 'attacker1' })).errors?.[0].message).toBe(
      MESSAGES.invalidToken,
    );
  });

  it('replaces a pending address asked for again: only the newest link works', async () => {
    const me = await customer();
    const first = `first_${me.email}`;
    const second = `second_${me.email}`;
    expect((await askFor(me, first)).errors).toBeUndefined();
    const firstLink = await mailedToken(app, first, 'verify-email');
    const res = await askFor(me, second);
    expect(res.data?.updateProfile).toMatchObject({ email: me.email, pendingEmail: second });
    const secondLink = await mailedToken(app, second, 'verify-email');
    await waitForMail(app, (m) => m.to === me.email && m.text.includes(second));

    expect((await app.gql(CONFIRM, { token: firstLink })).errors?.[0]).toMatchObject({
      message: MESSAGES.invalidToken,
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await rowOf(me)).toEqual({ email: me.email, pending_email: second });
    expect((await app.gql(CONFIRM, { token: secondLink })).errors).toBeUndefined();
    expect(await rowOf(me)).toEqual({ email: second, pending_email: null });
    // the replaced link was for another address: still no change of its own to speak of
    expect((await app.gql(CONFIRM, { token: firstLink })).errors?.[0].message).toBe(MESSAGES.invalidToken);
  });

  it('keeps a pending change through a save of the rest of the profile; cancelEmailChange drops it and mails nobody', async () => {
    const me = await customer();
    const moved = `undo_${me.email}`;
    expect((await askFor(me, moved)).errors).toBeUndefined();
    const link = await mailedToken(app, moved, 'verify-email');
    await waitForMail(app, (m) => m.to === me.email && m.text.includes(moved));
    const mailed = mailbox(app).length;

    // The form holds the account's address: saving a new username with it (in any case) is no word on the e-mail.
    const renamed = await askFor(me, me.email.toUpperCase(), 'Renamed Meanwhile');
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data?.updateProfile).toMatchObject({
      username: 'Renamed Meanwhile',
      email: me.email,
      pendingEmail: moved,
    });
    expect(await rowOf(me)).toEqual({ email: me.email, pending_email: moved });

    const cancelled = await app.gql<{ cancelEmailChange: Profile }>(CANCEL, {}, { token: me.token });
    expect(cancelled.errors).toBeUndefined();
    expect(cancelled.data?.cancelEmailChange).toMatchObject({ email: me.email, pendingEmail: null });
    expect(await rowOf(me)).toEqual({ email: me.email, pending_email: null });
    expect((await app.gql(CONFIRM, { token: link })).errors?.[0].message).toBe(MESSAGES.invalidToken);
    expect(await rowOf(me)).toEqual({ email: me.email, pending_email: null });

    // nothing pending: cancelling again changes nothing; a guest is refused
    expect((await app.gql(CANCEL, {}, { token: me.token })).data?.cancelEmailChange).toMatchObject({
      pendingEmail: null,
    });
    expect((await app.gql(CANCEL)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    await afterBackgroundMail();
    expect(mailbox(app)).toHaveLength(mailed);
  });

  it('drops a pending change when the password changes or is reset: a stolen session cannot finish a change not yet confirmed', async () => {
    const me = await customer();
    const thief = `thief_${me.email}`;
    expect((await askFor(me, thief)).errors).toBeUndefined();
    const stolen = await mailedToken(app, thief, 'verify-email');
    const changed = await app.gql(
      CHANGE_PASSWORD,
      { currentPassword: PASSWORD, newPassword: 'owner-pw2', confirmPassword: 'owner-pw2' },
      {
        token: (await app.gql<{ login: { token: string } }>(LOGIN, { email: me.email, password: PASSWORD })).data!.login
          .token,
      },
    );
    expect(changed.errors).toBeUndefined();
    expect(await rowOf(me)).toEqual({ email: me.email, pending_email: null });
    expect((await app.gql(CONFIRM, { token: stolen })).errors?.[0].message).toBe(MESSAGES.invalidToken);

    const other = await customer();
    const thief2 = `thief_${other.email}`;
    expect((await askFor(other, thief2)).errors).toBeUndefined();
    const stolen2 = await mailedToken(app, thief2, 'verify-email');
    await app.gql(REQUEST_RESET, { email: other.email });
    const reset = await mailedToken(app, other.email, 'reset-password');
    expect((await app.gql(RESET, { token: reset, newPassword: 'owner-pw3' })).errors).toBeUndefined();
    expect((await app.gql(CONFIRM, { token: stolen2 })).errors?.[0].message).toBe(MESSAGES.invalidToken);
    expect(await rowOf(other)).toEqual({ email: other.email, pending_email: null });
  });

  it('refuses the link when another account has taken the address meanwhile (409), and drops the change', async () => {
    const me = await customer();
    const wanted = `wanted_${me.email}`;
    expect((await askFor(me, wanted, 'Wanting')).errors).toBeUndefined();
    const link = await mailedToken(app, wanted, 'verify-email');
    // its owner signs up with it in the meantime (not confirmed yet: the address is theirs all the same)
    expect(
      (await app.gql(REGISTER, { username: 'owner', email: wanted, password: 'owner-pw1' })).errors,
    ).toBeUndefined();

    const refused = await app.gql(CONFIRM, { token: link });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'An account with this email already exists.',
      extensions: { code: 'CONFLICT' },
    });
    expect(await rowOf(me)).toEqual({ email: me.email, pending_email: null });
    expect(await app.db.query('SELECT username FROM users WHERE email = $1', [wanted])).toEqual([
      { username: 'owner' },
    ]);
    expect((await app.gql<{ me: Profile }>(ME, {}, { token: me.token })).data?.me).toMatchObject({
      username: 'Wanting',
      email: me.email,
      pendingEmail: null,
    });
    // the link is spent: opened again it is refused as any used link
    const again = await app.http(`/api/auth/confirm/${link}`);
    expect(again).toMatchObject({ status: 400, body: { message: MESSAGES.invalidToken } });

    // over REST, the same 409
    const other = await customer();
    expect((await askFor(other, `taken_${other.email}`)).errors).toBeUndefined();
    const otherLink = await mailedToken(app, `taken_${other.email}`, 'verify-email');
    await createUser(app.db, app.deps.jwtSecret, { email: `taken_${other.email}` });
    const rest = await app.http(`/api/auth/confirm/${otherLink}`);
    expect(rest).toMatchObject({
      status: 409,
      body: { message: MESSAGES.emailTaken, error: MESSAGES.emailTaken, code: 'CONFLICT' },
    });
    expect(await rowOf(other)).toEqual({ email: other.email, pending_email: null });
  });

  it('gives an address two accounts confirm at once to exactly one of them; the other keeps its own', async () => {
    const [a, b] = [await customer(), await customer()];
    const wanted = `both_${a.id}@example.com`;
    expect((await askFor(a, wanted)).errors).toBeUndefined();
    const linkA = await mailedToken(app, wanted, 'verify-email');
    expect((await askFor(b, wanted.toUpperCase())).errors).toBeUndefined();
    const linkB = await waitForMail(
      app,
      (m) => m.to === wanted && m.text.includes('/verify-email/') && !m.text.includes(linkA),
    ).then((m) => /\/verify-email\/([\w-]+)/.exec(m.text)![1]);

    // A transaction of the test's holds the address (an uncommitted sign-up): both confirmations wait on the unique
    // index, and race for it once the sign-up is rolled back.
    const holder = app.db.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    let answers: Awaited<ReturnType<TestApp['gql']>>[];
    try {
      await holder.query(`INSERT INTO users (username, email, password_hash) VALUES ('holder', $1, 'x')`, [wanted]);
      const both = Promise.all([app.gql(CONFIRM, { token: linkA }), app.gql(CONFIRM, { token: linkB })]);
      await waitForLockWaiters(app.db, 2);
      await holder.rollbackTransaction();
      answers = await both;
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
    }

    const outcomes = answers.map(
      (res) => res.errors?.[0]?.message ?? (res.data as { confirmEmail: { message: string } }).confirmEmail.message,
    );
    expect([...outcomes].sort()).toEqual([MESSAGES.emailTaken, MESSAGES.emailChangeConfirmed].sort());
    const rows = [await rowOf(a), await rowOf(b)];
    const winner = outcomes[0] === MESSAGES.emailChangeConfirmed ? 0 : 1;
    expect(rows[winner]).toEqual({ email: wanted, pending_email: null });
    expect(rows[1 - winner]).toEqual({ email: [a, b][1 - winner].email, pending_email: null });
    expect(await app.db.query('SELECT count(*)::int AS n FROM users WHERE lower(email) = $1', [wanted])).toEqual([
      { n: 1 },
    ]);
  });

  it('shows the pending address to the user themself only, not in an admin’s order list, and never to a guest', async () => {
    const me = await customer();
    const moved = `seen_${me.email}`;
    expect((await askFor(me, moved)).errors).toBeUndefined();
    await addCartLine(app.db, me.id, await createProduct(app.db));
    const placed = await app.gql(
      'mutation ($d: OrderDetailInput!) { placeOrder(orderDetail: $d, paymentMethod: Cash) { id } }',
      { d: CHECKOUT_DETAIL },
      { token: me.token },
    );
    expect(placed.errors).toBeUndefined();

    const mine = await app.gql<{ myOrders: { orders: { user: Profile }[] } }>(
      `{ myOrders { orders { user { ${PROFILE_FIELDS} } } } }`,
      {},
      { token: me.token },
    );
    expect(mine.data?.myOrders.orders[0].user).toMatchObject({ email: me.email, pendingEmail: moved });

    const admin = await createAdmin(app.db, app.deps.jwtSecret);
    const all = await app.gql<{ orders: { orders: { user: Profile }[] } }>(
      `query ($search: String) { orders(search: $search) { orders { user { ${PROFILE_FIELDS} } } } }`,
      { search: me.email },
      { token: admin.token },
    );
    expect(all.errors).toBeUndefined();
    expect(all.data?.orders.orders[0].user).toMatchObject({ id: me.id, email: me.email, pendingEmail: null });
    expect((await app.gql(ME)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
