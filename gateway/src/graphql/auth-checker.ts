import type { AuthChecker } from 'type-graphql';
import { forbidden, unauthenticated } from '../common/errors';
import type { User } from '../modules/auth/user.entity';
import type { RequestContext } from './context';

export type Role = 'ADMIN';

/** `@Authorized()` needs a signed-in user; `@Authorized('ADMIN')` an admin. */
export const authChecker: AuthChecker<RequestContext, Role> = ({ context }, roles) => {
  requireUser(context);
  if (roles.includes('ADMIN')) requireAdmin(context);
  return true;
};

export function requireUser(ctx: RequestContext): User {
  if (!ctx.user) throw unauthenticated();
  return ctx.user;
}

export function requireAdmin(ctx: RequestContext): User {
  const user = requireUser(ctx);
  if (!user.isAdmin) throw forbidden('Admins only.');
  return user;
}
