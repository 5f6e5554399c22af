import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { getStoredUser, useCurrentUser } from '../lib/auth';

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
 * Login and sign-up: someone already signed in when they reach the page goes home (spec §2), whatever its redirect;
 * so does the page when they sign in in another tab meanwhile. Signing in on the page itself is not "already": the
 * login page goes on to its redirect target.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const [signedInOnArrival] = useState(() => user !== null);
  const [signedInElsewhere, setSignedInElsewhere] = useState(false);
  useEffect(() => {
    // Only another tab fires `storage`: this page's own login does not count.
    const onStorage = () => {
      if (getStoredUser()) setSignedInElsewhere(true);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return signedInOnArrival || signedInElsewhere ? <Navigate to="/" replace /> : children;
}
