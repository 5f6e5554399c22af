import type { Services } from '../../services';
import { ctxOf, restRouter } from '../../common/rest';
import { parseInput } from '../../common/validation';
import { requireUser } from '../../graphql/auth-checker';
import { ChangePasswordArgs, UpdateProfileArgs } from './auth.inputs';
import { restProfile } from './auth.rest';

/** /api/user: the signed-in user's profile and password (401 without a valid token). */
export function userRest(services: Services) {
  const router = restRouter();

  router.use('/user', (req, _res, next) => {
    requireUser(ctxOf(req));
    next();
  });

  router.get('/user/me', (req, res) => {
    res.json({ user: restProfile(services.auth.me(ctxOf(req))) });
  });

  router.put('/user/editprofile', async (req, res) => {
    const user = await services.auth.updateProfile(ctxOf(req), await parseInput(UpdateProfileArgs, req.body));
    res.json({ user: restProfile(user) });
  });

  router.put('/user/change-password', async (req, res) => {
    const args = await parseInput(ChangePasswordArgs, req.body);
    res.json(await services.auth.changePassword(ctxOf(req), args));
  });

  return router;
}
