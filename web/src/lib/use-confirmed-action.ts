import { useRef, useState } from 'react';

/**
 * Destructive row actions (cancel, delete, remove) behind the browser's confirm, one at a time: while one is on its
 * way, a second press (a double click, Enter pressed twice) asks nothing and sends nothing, and `busy` names the one
 * on its way (`${action}:${id}`, say) for its button's busy state. `run` answers whether the action was run.
 */
export function useConfirmedAction() {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState<string>();
  const run = async (key: string, question: string, action: () => Promise<void>): Promise<boolean> => {
    if (inFlight.current || !window.confirm(question)) return false;
    inFlight.current = true;
    setBusy(key);
    try {
      await action();
      return true;
    } finally {
      inFlight.current = false;
      setBusy(undefined);
    }
  };
  return { busy, run };
}
