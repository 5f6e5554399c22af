import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../lib/auth';

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

/**
 * Login and sign-up: someone already signed in goes where ?redirect= says, else home. The same
 * target as the login form's own navigation, which this re-render races when the target is a
 * route whose chunk is still loading.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const target = params.get('redirect');
  // Same-site paths only, as the login form checks (importing it here would pull it into the main chunk).
  const safe = target && target.startsWith('/') && !target.startsWith('//') ? target : '/';
  return user ? <Navigate to={safe} replace /> : children;
}
