import { useCallback, useState } from 'react';
import { isRefusal, logFailure } from './errors';

const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * A random key for the one thing a create form makes, the same for every retry of it (`creationKey` on the server): a
 * create whose answer was lost and which is sent again answers with what the first one made, instead of making it
 * twice. `renew` starts the next creation, for a form that stays open to make another. `crypto.getRandomValues`,
 * unlike `randomUUID`, also works over plain HTTP.
 */
export function useCreationKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(newKey);
  const renew = useCallback(() => setKey(newKey()), []);
  return { key, renew };
}

/**
 * Sends a keyed create. One that went unanswered (not refused: a dropped connection, a server restarting) may have been
 * made all the same, so it is sent once more at once with the same key, which answers with what was made, or makes it.
 * `what` names the first failure for the console.
 */
export async function sendOnceMoreIfUnanswered<T>(send: () => Promise<T>, what: string): Promise<T> {
  try {
    return await send();
  } catch (e) {
    if (isRefusal(e)) throw e;
    logFailure(what, e);
    return send();
  }
}
