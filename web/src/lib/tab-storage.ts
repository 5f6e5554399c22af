/**
 * A value this tab keeps (sessionStorage) on behalf of one signed-in user: read back for that user only, so another
 * account signed in in the same tab never sees it. Anything unreadable counts as nothing kept.
 */
export function readForUser(key: string, userId: string): unknown {
  try {
    const stored = JSON.parse(sessionStorage.getItem(key) ?? 'null') as { userId?: unknown; value?: unknown } | null;
    return stored?.userId === userId ? stored.value : undefined;
  } catch {
    return undefined;
  }
}

export function keepForUser(key: string, userId: string, value: unknown): void {
  sessionStorage.setItem(key, JSON.stringify({ userId, value }));
}

export function forget(key: string): void {
  sessionStorage.removeItem(key);
}
