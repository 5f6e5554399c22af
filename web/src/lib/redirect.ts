/**
 * Only same-site paths: a crafted ?redirect=https://evil.example must not take the user away. Browsers read `/\x`
 * (and `/` with a tab or newline before another `/`) as `//x`, another site, which the router also refuses to open.
 */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return '/';
  // eslint-disable-next-line no-control-regex
  return /[\\\u0000-\u001f]/.test(target) ? '/' : target;
}
