import { useState } from 'react';

/**
 * A random key for the one thing a create form makes, the same for every retry of it while the form is open
 * (`creationKey` on the server): a create whose answer was lost and which is sent again answers with what the first
 * one made, instead of making it twice. `crypto.getRandomValues`, unlike `randomUUID`, also works over plain HTTP.
 */
export function useCreationKey(): string {
  const [key] = useState(() =>
    Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(''),
  );
  return key;
}
