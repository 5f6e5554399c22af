import { useEffect, useRef } from 'react';

/** How long a failed read waits before it is asked again: doubled each time it fails again, up to a minute. */
export const ASK_AGAIN_MS = 5_000;
const LONGEST_WAIT_MS = 60_000;

/**
 * Asks a query again while it has no answer and has failed, after a while and as soon as the browser is back online,
 * so a dropped connection or a server restarting does not leave what it shows missing until a reload. Each new error
 * waits longer; an answer resets the wait (not the error's going: asking again clears it until it fails again). A
 * failure of the refetch is the query's to show. Takes the `useQuery` result.
 */
export function useAskAgainWhileFailing({
  data,
  error,
  refetch,
}: {
  data?: unknown;
  error?: unknown;
  refetch: () => Promise<unknown>;
}): void {
  const answered = Boolean(data);
  const failed = !answered && Boolean(error);
  const retries = useRef(0);
  useEffect(() => {
    if (answered) retries.current = 0;
  }, [answered]);
  useEffect(() => {
    if (!failed) return;
    const again = () => void refetch().catch(() => {});
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
  }, [failed, error, refetch]);
}
