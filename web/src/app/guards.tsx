import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../lib/auth';
import { safeRedirect } from '../lib/redirect';

/** `/login?redirect=<this page>`, so logging in comes back here. */
export function useLoginRedirectPath(): string {
  const location = useLocation();
  return `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

/** Signed-in pages: a visitor goes to the login page and comes back after. */
export function RequireUser({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const loginPath = useLoginRedirectPath();
  return user ? children : <Navigate to={loginPath} replace />;
}

/** Admin pages: a visitor goes to log in, a customer goes home. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const loginPath = useLoginRedirectPath();
  if (!user) return <Navigate to={loginPath} replace />;
  return user.isAdmin ? children : <Navigate to="/" replace />;
}

/** Login and sign-up: someone signed in goes where the login was meant to lead (home by default). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  return user ? <Navigate to={safeRedirect(params.get('redirect'))} replace /> : children;
}
