/** Only same-site paths: a crafted ?redirect=https://evil.example must not take the user away. */
export function safeRedirect(target: string | null): string {
  return target && target.startsWith('/') && !target.startsWith('//') ? target : '/';
}
