import { createHash, randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { RequestContext } from '../../graphql/context';
import { requireUser } from '../../graphql/auth-checker';
import { badInput, conflict, forbidden, isAppError, unauthenticated } from '../../common/errors';
import { escapeHtml } from '../../common/html';
import { canonicalEmail } from '../../common/email-address';
import { pgError, UNIQUE_VIOLATION } from '../../common/pg-errors';
import { retryingTransaction } from '../../db/retrying-transaction';
import { newSessionId, signAuthToken, TOKEN_LIFETIME_MS } from './auth-token';
import { User } from './user.entity';
import { retireLinks, type UserTokenKind } from './user-token.entity';
import { hashPassword, verifyAgainstNothing, verifyPassword } from './passwords';
import { RateLimits } from './rate-limits';
import type {
  ChangePasswordArgs,
  LinkProbeArgs,
  LinkTokenArgs,
  LoginArgs,
  RegisterArgs,
  RequestPasswordResetArgs,
  ResendConfirmationArgs,
  ResetPasswordArgs,
  UpdateProfileArgs,
} from './auth.inputs';
import { MAX_LINK_TOKEN } from './auth.inputs';

const HOUR = 60 * 60 * 1000;
const TOKEN_LIFETIME: Record<UserTokenKind, number> = {
  email_confirmation: 24 * HOUR,
  email_change: 24 * HOUR,
  password_reset: HOUR,
};

/** How long after a sign-up the same sign-up sent again is taken for a retry of it (its answer lost). */
export const SIGN_UP_REPLAY_MS = 15 * 60 * 1000;

export const MESSAGES = {
  registered: 'Registration successful! Please check your email to confirm your account.',
  emailTaken: 'An account with this email already exists.',
  emailConfirmed: 'Email confirmed! You can now log in.',
  emailChangeConfirmed: 'Your new email is confirmed.',
  alreadyConfirmed: 'Your email is already confirmed. You can log in.',
  invalidToken: 'Invalid or expired token.',
  badCredentials: 'Invalid email or password.',
  unconfirmed: 'Please confirm your email before logging in. Check your inbox for the confirmation link.',
  wrongCurrentPassword: 'Current password is incorrect.',
  passwordChanged: 'Password updated successfully',
  resetRequested: 'If an account exists for that email, we have sent a link to reset the password.',
  passwordReset: 'Your password has been reset. You can now log in.',
  confirmationResent:
    'If an account is waiting for confirmation at that email, we have sent it a new confirmation link.',
  loggedOut: 'You have been logged out.',
} as const;

/** An e-mail change a link confirmed: the account's name, the address it had and the one it has now. */
type EmailChanged = { username: string; from: string; to: string };

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/** A link token that still works: of its kinds, unused and unexpired ($1 its hash, $2 its kinds, $3 now). */
const USABLE_TOKEN = 'token_hash = $1 AND kind = ANY($2) AND used_at IS NULL AND expires_at > $3';
const isUniqueViolation = (error: unknown) => pgError(error).code === UNIQUE_VIOLATION;

/**
 * The condition on the user's row that the asking session is still open, as `isCurrentSession` tells it from the
 * token: a password change from another session (which ends this one) makes a write refused, while one this session
 * made itself (which keeps it) does not.
 */
function sessionStillOpen(ctx: RequestContext, current: User): [string, Record<string, unknown>] {
  if (!ctx.session) return ['token_version = :sessionVersion', { sessionVersion: current.tokenVersion }];
  return [
    '(token_version = :sessionVersion OR (kept_session_id = :sessionId AND kept_session_version = :sessionVersion))',
    { sessionVersion: ctx.session.version, sessionId: ctx.session.id },
  ];
}

/** Sign-up, e-mail confirmation, login, profile and password changes. */
export class AuthService {
  private readonly rateLimits = new WeakMap<DataSource, RateLimits>();

  private limits(ctx: RequestContext): RateLimits {
    let limits = this.rateLimits.get(ctx.deps.db);
    if (!limits) {
      limits = new RateLimits(ctx.deps.db, ctx.deps.config.rateLimits);
      this.rateLimits.set(ctx.deps.db, limits);
    }
    return limits;
  }

  async register(ctx: RequestContext, args: RegisterArgs): Promise<string> {
    const email = canonicalEmail(args.email);
    await this.limits(ctx).consume('register', ctx.ip, email);
    const users = ctx.deps.db.getRepository(User);
    // The same sign-up sent again (its answer lost, or sent twice at once) is answered as it was, mailing nothing more:
    // the account is minutes old, not confirmed, and has this name and password, which whoever sends them chose. Any
    // other account with the address has it taken; a password is checked either way, so the time taken tells nothing.
    const taken = async () => {
      const user = await this.findByEmail(ctx.deps.db.manager, email, { withPassword: true });
      if (!user) return false;
      const recent = ctx.clock.now().getTime() - user.createdAt.getTime() < SIGN_UP_REPLAY_MS;
      const candidate = recent && !user.emailConfirmedAt && user.username === args.username.trim();
      if (!candidate) await verifyAgainstNothing(args.password);
      else if (await verifyPassword(user.passwordHash, args.password)) return true;
      throw conflict(MESSAGES.emailTaken);
    };
    if (await taken()) return MESSAGES.registered;
    const passwordHash = await hashPassword(args.password);
    let token: string;
    let user: User;
    try {
      ({ user, token } = await retryingTransaction(ctx, async (tx) => {
        const created = await tx
          .getRepository(User)
          .save(users.create({ username: args.username.trim(), email, phone: '', passwordHash, isAdmin: false }));
        return { user: created, token: await this.issueToken(ctx, tx, created.id, 'email_confirmation') };
      }));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (await taken()) return MESSAGES.registered;
      throw conflict(MESSAGES.emailTaken); // the account that took it went again at once
    }
    // In the background, as every mail: a mail server that is slow or silent must not hold the sign-up's answer (the
    // account exists by now; a lost mail is asked for again with resendConfirmation).
    ctx.deps.mailer.background(this.sendConfirmationMail(ctx, user, token));
    return MESSAGES.registered;
  }

  /**
   * A new confirmation link for an account not confirmed yet (the first mail lost, or its link expired): without it,
   * such an account could neither log in nor sign up again. Same answer whether or not there is such an account, and
   * counted with sign-ups (per address and per client), so it tells nothing and floods no inbox.
   */
  async resendConfirmation(ctx: RequestContext, args: ResendConfirmationArgs): Promise<string> {
    const email = canonicalEmail(args.email);
    await this.limits(ctx).consume('register', ctx.ip, email);
    const user = await this.findByEmail(ctx.deps.db.manager, email);
    if (user && !user.emailConfirmedAt) {
      const token = await retryingTransaction(ctx, (tx) => this.issueToken(ctx, tx, user.id, 'email_confirmation'));
      ctx.deps.mailer.background(this.sendConfirmationMail(ctx, user, token)); // as at sign-up
    }
    return MESSAGES.confirmationResent;
  }

  private sendConfirmationMail(ctx: RequestContext, user: User, token: string): Promise<boolean> {
    const link = `${ctx.linkOrigin}/verify-email/${token}`;
    return ctx.deps.mailer.send({
      to: user.email,
      subject: `Confirm your e-mail for ${ctx.deps.config.venue.name}`,
      text: `Hi ${user.username},\n\nWelcome to ${ctx.deps.config.venue.name}! Confirm your e-mail address to log in:\n${link}\n\nThe link expires in 24 hours.`,
      html: `<p>Hi ${escapeHtml(user.username)},</p><p>Welcome to ${escapeHtml(ctx.deps.config.venue.name)}! Confirm your e-mail address to log in:</p><p><a href="${escapeHtml(link)}">Confirm my e-mail</a></p><p>The link expires in 24 hours.</p>`,
    });
  }

  /**
   * A sign-up's link, or a new address's (updateProfile). Each works once; a sign-up's opened again (on another device,
   * from the mail a second time) on an account it confirmed says so instead of calling itself invalid, and so does a new
   * address's on an account that has that address (the link keeps the address it was mailed to).
   *
   * A new address is the account's only if no other account has it by then (one signed up with it, or confirmed it
   * first in a race): the unique index on the e-mail decides, and the loser's change is dropped (409).
   */
  async confirmEmail(ctx: RequestContext, args: LinkTokenArgs): Promise<string> {
    try {
      const changed = await retryingTransaction(ctx, async (tx) => {
        const link = await this.consumeToken(ctx, tx, args.token, ['email_confirmation', 'email_change']);
        const { userId, kind } = link;
        if (kind === 'email_change') return this.applyEmailChange(ctx, tx, userId, link.email);
        await this.markEmailConfirmed(ctx, tx, userId);
        return null;
      });
      if (!changed) return MESSAGES.emailConfirmed;
      // Once committed: the address the account had is told, so a change made behind its owner's back is seen.
      ctx.deps.mailer.background(this.sendEmailChangedNotice(ctx, changed));
      return MESSAGES.emailChangeConfirmed;
    } catch (err) {
      if (isUniqueViolation(err)) {
        // A link replaced or cancelled meanwhile has no change left to drop: the address was taken all the same.
        await this.dropEmailChange(ctx, args.token).catch((dropErr: unknown) => {
          if (!isAppError(dropErr) || dropErr.message !== MESSAGES.invalidToken) throw dropErr;
        });
        throw conflict(MESSAGES.emailTaken);
      }
      if (!isAppError(err) || err.message !== MESSAGES.invalidToken) throw err;
      // A spent link whose work is done: a sign-up's on a confirmed account, a new address's that the account has.
      const [used] = (await ctx.deps.db.query(
        `SELECT t.kind FROM user_tokens t JOIN users u ON u.id = t.user_id
          WHERE t.token_hash = $1 AND t.used_at IS NOT NULL
            AND ((t.kind = 'email_confirmation' AND u.email_confirmed_at IS NOT NULL)
              OR (t.kind = 'email_change' AND u.email = t.email))`,
        [sha256(args.token.trim())],
      )) as { kind: UserTokenKind }[];
      if (used) return used.kind === 'email_change' ? MESSAGES.emailChangeConfirmed : MESSAGES.alreadyConfirmed;
      throw err;
    }
  }

  async login(ctx: RequestContext, args: LoginArgs): Promise<{ token: string; user: User }> {
    const email = canonicalEmail(args.email);
    const limits = this.limits(ctx);
    await limits.consume('login', ctx.ip, email);
    const user = await this.findByEmail(ctx.deps.db.manager, email, { withPassword: true });
    if (!user) {
      await verifyAgainstNothing(args.password);
      throw badInput(MESSAGES.badCredentials);
    }
    if (!(await verifyPassword(user.passwordHash, args.password))) throw badInput(MESSAGES.badCredentials);
    // Only someone who knows the password learns that the account waits for confirmation.
    if (!user.emailConfirmedAt) throw forbidden(MESSAGES.unconfirmed);
    await limits.succeeded('login', ctx.ip, email);
    return {
      token: signAuthToken(user, ctx.deps.jwtSecret, newSessionId(), ctx.clock.now()),
      user: withoutPassword(user),
    };
  }

  me(ctx: RequestContext): User {
    return requireUser(ctx);
  }

  /**
   * Username and phone change at once; a new e-mail only once confirmed, as a sign-up's is: whoever types an address
   * must show they read it before the account (and its orders' and bookings' mail) goes there, or the address's owner
   * could not sign up. So a new address is kept as pending, a link is mailed to it and a notice to the current one;
   * asking again replaces the pending address and its link. Saving the current address leaves a pending change as it
   * is (cancelEmailChange drops it).
   *
   * A new e-mail counts against the e-mail change limit (it tells whether the address has an account, as sign-up
   * does). Written only while the caller's session is still valid, as a new password is: an edit whose session a
   * password change ended while it was under way (another tab) changes nothing and mails nobody (UNAUTHENTICATED); a
   * change this session made itself keeps it open, and the edit goes through.
   */
  async updateProfile(ctx: RequestContext, args: UpdateProfileArgs): Promise<User> {
    const current = requireUser(ctx);
    const email = canonicalEmail(args.email);
    const emailChanged = email !== canonicalEmail(current.email);
    if (emailChanged) await this.limits(ctx).consume('emailChange', ctx.ip, current.id);
    const other = await this.findByEmail(ctx.deps.db.manager, email);
    if (other && other.id !== current.id) throw conflict(MESSAGES.emailTaken);
    // The current address (in another case: saved in the stored form, as it always was) says nothing of a pending
    // change: the form sends it with every edit of the username or phone. cancelEmailChange drops one.
    const changes: Partial<User> = emailChanged
      ? { username: args.username.trim(), pendingEmail: email }
      : { username: args.username.trim(), email };
    if (args.phone !== undefined) changes.phone = (args.phone ?? '').trim();
    let updated: User;
    let token: string | undefined;
    try {
      ({ updated, token } = await retryingTransaction(ctx, async (tx) => {
        const { affected } = await tx
          .createQueryBuilder()
          .update(User)
          .set(changes)
          .where('id = :userId', { userId: current.id })
          .andWhere(...sessionStillOpen(ctx, current))
          .execute();
        if (!affected) throw unauthenticated();
        // A new link retires the one mailed for an earlier pending address.
        const link = emailChanged ? await this.issueToken(ctx, tx, current.id, 'email_change', email) : undefined;
        // the profile as this write left it, not as a later request may have made it since
        return { updated: await tx.getRepository(User).findOneByOrFail({ id: current.id }), token: link };
      }));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(MESSAGES.emailTaken);
      throw error;
    }
    if (token) {
      ctx.deps.mailer.background(this.sendEmailChangeLink(ctx, email, token));
      ctx.deps.mailer.background(this.sendEmailChangeNotice(ctx, updated, email));
    }
    return updated;
  }

  /** Drops the user's pending e-mail change, if any, and retires its link; mails nobody. */
  async cancelEmailChange(ctx: RequestContext): Promise<User> {
    const current = requireUser(ctx);
    return retryingTransaction(ctx, async (tx) => {
      const { affected } = await tx
        .createQueryBuilder()
        .update(User)
        .set({ pendingEmail: null })
        .where('id = :userId', { userId: current.id })
        .andWhere(...sessionStillOpen(ctx, current))
        .execute();
      if (!affected) throw unauthenticated();
      await retireLinks(tx, current.id, ['email_change'], ctx.clock.now());
      return tx.getRepository(User).findOneByOrFail({ id: current.id });
    });
  }

  /** To the new address, which may be a typo: it names nobody's account (no username). */
  private sendEmailChangeLink(ctx: RequestContext, newEmail: string, token: string): Promise<boolean> {
    const { venue } = ctx.deps.config;
    const link = `${ctx.linkOrigin}/verify-email/${token}`;
    return ctx.deps.mailer.send({
      to: newEmail,
      subject: `Confirm your new e-mail for ${venue.name}`,
      text: `Hello,\n\nConfirm this address as the e-mail of your ${venue.name} account:\n${link}\n\nUntil then your account keeps its current address. The link expires in 24 hours. If you did not ask for this, ignore this e-mail.`,
      html: `<p>Hello,</p><p>Confirm this address as the e-mail of your ${escapeHtml(venue.name)} account:</p><p><a href="${escapeHtml(link)}">Confirm my new e-mail</a></p><p>Until then your account keeps its current address. The link expires in 24 hours. If you did not ask for this, ignore this e-mail.</p>`,
    });
  }

  /** To the address the account has: the change is not made yet, and a new password stops it (setPassword). */
  private async sendEmailChangeNotice(ctx: RequestContext, user: User, newEmail: string): Promise<void> {
    const { venue } = ctx.deps.config;
    await ctx.deps.mailer.send({
      to: user.email,
      subject: `A change of your ${venue.name} e-mail address was asked for`,
      text: `Hi ${user.username},\n\nSomeone signed in to your ${venue.name} account asked to change its e-mail address to ${newEmail}. The change takes effect once it is confirmed from ${newEmail}; until then we write to this address, and you log in with it.\n\nIf you did not ask for it, change your password (that cancels the change) and contact us right away at ${venue.email} or ${venue.phone}.`,
      html: `<p>Hi ${escapeHtml(user.username)},</p><p>Someone signed in to your ${escapeHtml(venue.name)} account asked to change its e-mail address to ${escapeHtml(newEmail)}. The change takes effect once it is confirmed from ${escapeHtml(newEmail)}; until then we write to this address, and you log in with it.</p><p>If you did not ask for it, change your password (that cancels the change) and contact us right away at ${escapeHtml(venue.email)} or ${escapeHtml(venue.phone)}.</p>`,
    });
  }

  /**
   * Makes the pending address the account's. The unique index on the e-mail refuses it if another account has it by
   * now, rolling the whole confirmation back (confirmEmail then drops the change).
   */
  private async applyEmailChange(
    ctx: RequestContext,
    tx: EntityManager,
    userId: string,
    linkEmail: string | null,
  ): Promise<EmailChanged> {
    // The row locked first, so the address it had is the one replaced; and only the address the link was mailed to.
    const [before] = (await tx.query(
      'SELECT username, email, pending_email FROM users WHERE id = $1 AND pending_email = $2 FOR UPDATE',
      [userId, linkEmail],
    )) as { username: string; email: string; pending_email: string }[];
    // A usable link always has its pending address (dropping or replacing one retires its links): only a guard.
    if (!before) throw badInput(MESSAGES.invalidToken, 'token');
    await tx.query('UPDATE users SET email = pending_email, pending_email = NULL WHERE id = $1', [userId]);
    // The reset links went to the old address, which is no longer the account's.
    await retireLinks(tx, userId, ['password_reset'], ctx.clock.now());
    return { username: before.username, from: before.email, to: before.pending_email };
  }

  /** To the address the account had, once a change is confirmed. */
  private async sendEmailChangedNotice(ctx: RequestContext, { username, from, to }: EmailChanged): Promise<void> {
    const { venue } = ctx.deps.config;
    await ctx.deps.mailer.send({
      to: from,
      subject: `Your ${venue.name} e-mail address was changed`,
      text: `Hi ${username},\n\nThe e-mail address of your ${venue.name} account was changed to ${to}. From now on we write to that address, and you log in with it.\n\nIf you did not make this change, contact us right away at ${venue.email} or ${venue.phone}.`,
      html: `<p>Hi ${escapeHtml(username)},</p><p>The e-mail address of your ${escapeHtml(venue.name)} account was changed to ${escapeHtml(to)}. From now on we write to that address, and you log in with it.</p><p>If you did not make this change, contact us right away at ${escapeHtml(venue.email)} or ${escapeHtml(venue.phone)}.</p>`,
    });
  }

  /** The change a link was for, once its address turned out taken: the link is spent and the account keeps its e-mail. */
  private async dropEmailChange(ctx: RequestContext, token: string) {
    await retryingTransaction(ctx, async (tx) => {
      const { userId } = await this.consumeToken(ctx, tx, token, ['email_change']);
      await tx.query('UPDATE users SET pending_email = NULL WHERE id = $1', [userId]);
    });
  }

  /**
   * Bumps tokenVersion, ending every other session, and hands back a fresh token of the caller's session. The caller's
   * session goes on: its token keeps working too, as REST clients that never read the new token expect (they keep
   * the token of their login, and would otherwise be logged out by their own password change).
   */
  async changePassword(ctx: RequestContext, args: ChangePasswordArgs): Promise<{ message: string; token: string }> {
    const current = requireUser(ctx);
    const limits = this.limits(ctx);
    await limits.consume('passwordChange', ctx.ip, current.id);
    const user = await this.findById(ctx.deps.db.manager, current.id);
    if (!(await verifyPassword(user.passwordHash, args.currentPassword))) {
      // This session's own change sent again, its answer lost: the new password is in effect already, and this is the
      // session the change kept. It is done, and answered as it was.
      const session = ctx.session;
      if (
        !session ||
        user.keptSessionId !== session.id ||
        !(await verifyPassword(user.passwordHash, args.newPassword))
      ) {
        throw badInput(MESSAGES.wrongCurrentPassword, 'currentPassword');
      }
      // Not counted as a success: the failures counted stay (the current password sent is not what is checked here).
      return {
        message: MESSAGES.passwordChanged,
        token: signAuthToken(user, ctx.deps.jwtSecret, session.id, ctx.clock.now()),
      };
    }
    // Hashed before the transaction, not in each of its runs with the user's row locked.
    const passwordHash = await hashPassword(args.newPassword);
    // A token made before sessions had ids cannot be told from the others: its session ends, as all did before.
    const updated = await retryingTransaction(ctx, (tx) =>
      this.setPassword(ctx, tx, user.id, passwordHash, { version: current.tokenVersion, kept: ctx.session }),
    );
    await limits.succeeded('passwordChange', ctx.ip, current.id);
    return {
      message: MESSAGES.passwordChanged,
      token: signAuthToken(updated, ctx.deps.jwtSecret, ctx.session?.id ?? newSessionId(), ctx.clock.now()),
    };
  }

  /**
   * Ends the caller's session: its tokens open nothing from now on, though unexpired (one copied off a shared computer,
   * say). The account's other sessions go on. Without a session (a guest, an expired or ended token) there is nothing
   * to end and the answer is the same. Ended sessions are forgotten once their tokens would have expired anyway.
   */
  async logout(ctx: RequestContext): Promise<string> {
    if (ctx.user && ctx.session) {
      const now = ctx.clock.now();
      await ctx.deps.db.query(
        `INSERT INTO ended_sessions (session_id, user_id, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (session_id) DO NOTHING`,
        // No token of the session outlives this: none is made for it once it has ended.
        [ctx.session.id, ctx.user.id, new Date(now.getTime() + TOKEN_LIFETIME_MS)],
      );
      await ctx.deps.db.query('DELETE FROM ended_sessions WHERE expires_at < $1', [now]);
    }
    return MESSAGES.loggedOut;
  }

  /** Same answer whether or not the account exists; the mail goes out in the background. */
  async requestPasswordReset(ctx: RequestContext, args: RequestPasswordResetArgs): Promise<string> {
    const email = canonicalEmail(args.email);
    await this.limits(ctx).consume('passwordReset', ctx.ip, email);
    const user = await this.findByEmail(ctx.deps.db.manager, email);
    if (user) {
      const token = await retryingTransaction(ctx, (tx) => this.issueToken(ctx, tx, user.id, 'password_reset'));
      const link = `${ctx.linkOrigin}/reset-password/${token}`;
      void ctx.deps.mailer.send({
        to: user.email,
        subject: `Reset your ${ctx.deps.config.venue.name} password`,
        text: `Hi ${user.username},\n\nSomeone (hopefully you) asked to reset your password. Choose a new one here:\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask, ignore this e-mail.`,
        html: `<p>Hi ${escapeHtml(user.username)},</p><p>Someone (hopefully you) asked to reset your password. Choose a new one here:</p><p><a href="${escapeHtml(link)}">Reset my password</a></p><p>The link works once and expires in 1 hour. If you did not ask, ignore this e-mail.</p>`,
      });
    }
    return MESSAGES.resetRequested;
  }

  /**
   * Whether a reset link can still set a password (unused, unexpired, not replaced by a newer one), so the page can say
   * so before the new password is typed. Spends nothing: a mail scanner opening the link leaves it working.
   */
  async resetLinkWorks(ctx: RequestContext, args: LinkProbeArgs): Promise<boolean> {
    const token = args.token.trim();
    if (!token || token.length > MAX_LINK_TOKEN) return false;
    const rows = (await ctx.deps.db.query(`SELECT 1 FROM user_tokens WHERE ${USABLE_TOKEN}`, [
      sha256(token),
      ['password_reset'] satisfies UserTokenKind[],
      ctx.clock.now(),
    ])) as unknown[];
    return rows.length > 0;
  }

  /** Also confirms the e-mail: the link proves the person reads that mailbox. */
  async resetPassword(ctx: RequestContext, args: ResetPasswordArgs): Promise<string> {
    await retryingTransaction(ctx, async (tx) => {
      const { userId } = await this.consumeToken(ctx, tx, args.token, ['password_reset']);
      // Hashed once the link is known to work: a made-up link costs no hashing.
      await this.setPassword(ctx, tx, userId, await hashPassword(args.newPassword));
      await this.markEmailConfirmed(ctx, tx, userId);
    });
    return MESSAGES.passwordReset;
  }

  /**
   * A new password ends every session (tokenVersion) but `from.kept`, the session making the change (none for a reset
   * link), voids every other reset link still in a mailbox, and drops a pending e-mail change: whoever asked for it
   * with a stolen session must not take the account by opening the link mailed to them (the notice to the account's
   * address says a new password stops it). Given the version the asking session saw, it is set
   * only while that still holds: of two changes racing from one session, the first wins and the second finds the
   * password changed under it (UNAUTHENTICATED), instead of both saying "updated" while only the last one works.
   */
  private async setPassword(
    ctx: RequestContext,
    tx: EntityManager,
    userId: string,
    passwordHash: string,
    from?: { version: number; kept: RequestContext['session'] },
  ): Promise<User> {
    const update = tx
      .createQueryBuilder()
      .update(User)
      .set({
        passwordHash,
        tokenVersion: () => 'token_version + 1',
        keptSessionId: from?.kept?.id ?? null,
        keptSessionVersion: from?.kept?.version ?? null,
        pendingEmail: null,
      })
      .where('id = :userId', { userId });
    if (from) update.andWhere('token_version = :sessionVersion', { sessionVersion: from.version });
    const { affected } = await update.execute();
    if (!affected) throw unauthenticated();
    await retireLinks(tx, userId, ['password_reset', 'email_change'], ctx.clock.now());
    return this.findById(tx, userId);
  }

  /** Records the e-mail as confirmed now, unless it already was (the first confirmation's time is kept). */
  private async markEmailConfirmed(ctx: RequestContext, tx: EntityManager, userId: string) {
    await tx
      .createQueryBuilder()
      .update(User)
      .set({ emailConfirmedAt: () => 'coalesce(email_confirmed_at, :now)' })
      .setParameter('now', ctx.clock.now())
      .where('id = :userId', { userId })
      .execute();
  }

  /**
   * A new link replaces the user's earlier ones of its kind: only the latest mail works, so a copy of an older one
   * (forwarded, or read by someone else) opens nothing.
   */
  private async issueToken(
    ctx: RequestContext,
    tx: EntityManager,
    userId: string,
    kind: UserTokenKind,
    email: string | null = null,
  ) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(ctx.clock.now().getTime() + TOKEN_LIFETIME[kind]);
    // The user's row first (its lock held to the end of `tx`, which must be a transaction): of two requests at once,
    // the second waits, then retires the first's link, instead of both retiring what was there before either.
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
    // One statement: the earlier links are retired exactly when the new one exists.
    await tx.query(
      `WITH retired AS (UPDATE user_tokens SET used_at = $5 WHERE user_id = $1 AND kind = $2 AND used_at IS NULL)
       INSERT INTO user_tokens (user_id, kind, token_hash, expires_at, email) VALUES ($1, $2, $3, $4, $6)`,
      [userId, kind, sha256(token), expiresAt, ctx.clock.now(), email],
    );
    return token;
  }

  /** Marks an unused, unexpired token of one of `kinds` as used in one statement (so it works once, even under races). */
  private async consumeToken(ctx: RequestContext, tx: EntityManager, token: string, kinds: UserTokenKind[]) {
    const now = ctx.clock.now();
    const rows: unknown[] = await tx.query(
      `UPDATE user_tokens SET used_at = $3 WHERE ${USABLE_TOKEN} RETURNING user_id, kind, email`,
      [sha256(token.trim()), kinds, now],
    );
    const row = (Array.isArray(rows[0]) ? rows[0] : rows)[0] as
      { user_id: string; kind: UserTokenKind; email: string | null } | undefined;
    if (!row) throw badInput(MESSAGES.invalidToken, 'token');
    return { userId: row.user_id, kind: row.kind, email: row.email };
  }

  private findByEmail(tx: EntityManager, email: string, options: { withPassword?: boolean } = {}) {
    const query = tx.getRepository(User).createQueryBuilder('u').where('lower(u.email) = :email', { email });
    if (options.withPassword) query.addSelect('u.passwordHash');
    return query.getOne();
  }

  private async findById(tx: EntityManager, id: string): Promise<User> {
    return tx
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.id = :id', { id })
      .getOneOrFail();
  }
}

function withoutPassword(user: User): User {
  const copy = Object.assign(new User(), user);
  delete (copy as Partial<User>).passwordHash;
  return copy;
}
