import type { Services } from '../../services';
import { ctxOf, restRouter } from '../../common/rest';
import { parseInput } from '../../common/validation';
import { LinkTokenArgs, LoginArgs, RegisterArgs, RequestPasswordResetArgs, ResetPasswordArgs } from './auth.inputs';
import type { User } from './user.entity';

/** A user as REST clients know it: string id under `_id`, never a password hash. */
export function restUser(user: User) {
  return {
    _id: user.id,
    id: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt,
  };
}

/** The signed-in user's own record (/api/user): restUser, plus the new e-mail waiting for confirmation, or null. */
export function restProfile(user: User) {
  return { ...restUser(user), pendingEmail: user.pendingEmail ?? null };
}

/** /api/auth: sign-up, e-mail confirmation, login, logout, and the forgot/reset password pair. */
export function authRest(services: Services) {
  const router = restRouter();

  router.post('/auth/register', async (req, res) => {
    const message = await services.auth.register(ctxOf(req), await parseInput(RegisterArgs, req.body));
    res.status(201).json({ message });
  });

  router.get('/auth/confirm/:token', async (req, res) => {
    const args = await parseInput(LinkTokenArgs, { token: req.params.token });
    res.json({ message: await services.auth.confirmEmail(ctxOf(req), args) });
  });

  router.post('/auth/login', async (req, res) => {
    const { token, user } = await services.auth.login(ctxOf(req), await parseInput(LoginArgs, req.body));
    res.json({ token, user: restUser(user) });
  });

  // Not in the spec's list (its clients forget the token); ends the session on the server too.
  router.post('/auth/logout', async (req, res) => {
    res.json({ message: await services.auth.logout(ctxOf(req)) });
  });

  router.post('/auth/forgot-password', async (req, res) => {
    const args = await parseInput(RequestPasswordResetArgs, req.body);
    res.json({ message: await services.auth.requestPasswordReset(ctxOf(req), args) });
  });

  router.post('/auth/reset-password/:token', async (req, res) => {
    const args = await parseInput(ResetPasswordArgs, { ...req.body, token: req.params.token });
    res.json({ message: await services.auth.resetPassword(ctxOf(req), args) });
  });

  return router;
}
