import { useSyncExternalStore } from 'react';

/** The signed-in user as the spec keeps it in localStorage under `user`: the record plus its token. */
export type StoredUser = {
  _id: string;
  id: string;
  username: string;
  email: string;
  phone: string;
  isAdmin: boolean;
  token: string;
};

export const USER_STORAGE_KEY = 'user';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedUser: StoredUser | null = null;

function parse(raw: string | null): StoredUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredUser>;
    return typeof value?.token === 'string' && typeof value.username === 'string' ? (value as StoredUser) : null;
  } catch {
    return null;
  }
}

/** The stored user, or null; the same object until the stored value changes. */
export function getStoredUser(): StoredUser | null {
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(USER_STORAGE_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = parse(raw);
  }
  return cachedUser;
}

export function setStoredUser(user: StoredUser | null): void {
  if (user) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  else localStorage.removeItem(USER_STORAGE_KEY);
  listeners.forEach((notify) => notify());
}

const EXPIRED_KEY = 'sessionExpired';

/** An expired or revoked token: signed out where the visitor is (a public page stays), and the login page says why. */
export function expireSession(): void {
  sessionStorage.setItem(EXPIRED_KEY, '1');
  setStoredUser(null);
}

/** Whether the last session ended by expiring, and the login page has not said so yet. */
export function sessionExpiredPending(): boolean {
  return sessionStorage.getItem(EXPIRED_KEY) === '1';
}

/** Whether the last session ended by expiring; answers true once. */
export function takeSessionExpired(): boolean {
  const expired = sessionExpiredPending();
  sessionStorage.removeItem(EXPIRED_KEY);
  return expired;
}

/** Calls `notify` whenever the stored user may have changed: here, or in another tab. Returns the unsubscribe. */
export function onStoredUserChange(notify: () => void): () => void {
  listeners.add(notify);
  // another tab logging in or out
  const onStorage = (event: StorageEvent) => {
    if (event.key === USER_STORAGE_KEY || event.key === null) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current user (null for a guest), re-rendering on login, logout and changes in other tabs. */
export function useCurrentUser(): StoredUser | null {
  return useSyncExternalStore(onStoredUserChange, getStoredUser, () => null);
}
