import { useCallback, type MouseEvent } from 'react';
import { useBeforeUnload } from 'react-router-dom';

const DISCARD_PROMPT = 'Leave this form? Your changes will be lost.';

/**
 * While a form holds unsaved changes: closing or reloading the tab asks the browser's own question, and the form's
 * links away (Back, Cancel) ask first. Returns those links' onClick.
 */
export function useDiscardGuard(dirty: boolean) {
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (dirty) event.preventDefault();
      },
      [dirty],
    ),
  );
  return useCallback(
    (event: MouseEvent) => {
      if (dirty && !window.confirm(DISCARD_PROMPT)) event.preventDefault();
    },
    [dirty],
  );
}
