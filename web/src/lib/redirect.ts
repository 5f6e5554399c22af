/** Pages for visitors, and /logout: no place to land after logging in. */
const NOT_AFTER_LOGIN = /^\/(login|signup|logout|forgot-password|reset-password|verify-email)(?=$|[/?#])/i;

/**
 * Only same-site paths: a crafted ?redirect=https://evil.example must not take the user away. Browsers read `/\x`
 * (and `/` with a tab or newline before another `/`) as `//x`, another site, which the router also refuses to open.
 */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f]/.test(target)) return '/';
  // Nor back to a page for visitors (the login form again) or to /logout (signed out at once): home instead.
  return NOT_AFTER_LOGIN.test(target) ? '/' : target;
}
