import { useCurrentUser } from '../../lib/auth';

/**
 * Where "Go to Login" leads after a password reset: the login page, through /logout when someone is signed in in this
 * browser (the login page sends a signed-in visitor home, and a reset has ended that account's sessions anyway).
 */
export function useLoginPath(): string {
  return useCurrentUser() ? '/logout' : '/login';
}
