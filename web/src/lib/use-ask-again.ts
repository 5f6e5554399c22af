import { useEffect, useRef } from 'react';

/** How long a failed read waits before it is asked again: doubled each time it fails again, up to a minute. */
export const ASK_AGAIN_MS = 5_000;
const LONGEST_WAIT_MS = 60_000;

/**
 * Asks again while a read that a page cannot do without has failed (`failed`), after a while and as soon as the
 * browser is back online, so a dropped connection or a server restarting does not leave it missing until a reload.
 * `error` is the failure (each new one waits longer); `answered` resets the wait once the read has an answer (not
 * `!failed`: asking again clears the error until it fails again). A failure of `ask` is the read's to show.
 */
export function useAskAgainWhileFailing(
  failed: boolean,
  error: unknown,
  answered: boolean,
  ask: () => Promise<unknown>,
): void {
  const retries = useRef(0);
  useEffect(() => {
    if (answered) retries.current = 0;
  }, [answered]);
  useEffect(() => {
    if (!failed) return;
    const again = () => void ask().catch(() => {});
    // Counted when the wait is over, not as it starts: an effect run twice (StrictMode) waits as long.
    const timer = setTimeout(
      () => {
        retries.current += 1;
        again();
      },
      Math.min(LONGEST_WAIT_MS, ASK_AGAIN_MS * 2 ** retries.current),
    );
    window.addEventListener('online', again);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', again);
    };
  }, [failed, error, ask]);
}
