/**
 * The state the app's own Logout links carry: /logout opened without it (a link on another site, a typed address)
 * asks before ending the session, so no page elsewhere can sign a visitor out.
 */
export const LOGOUT_STATE = { logout: true } as const;

export function logoutAsked(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { logout?: unknown }).logout === true;
}
