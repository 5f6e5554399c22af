import { useCallback, useEffect, useRef, useState } from 'react';

/** A message that clears itself after `ms` (the spec's 3-second success messages). */
export function useFlash(ms = 3000): [string | undefined, (message: string | undefined) => void] {
  const [message, setMessage] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const flash = useCallback(
    (next: string | undefined) => {
      clearTimeout(timer.current);
      setMessage(next);
      if (next) timer.current = setTimeout(() => setMessage(undefined), ms);
    },
    [ms],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, flash];
}
