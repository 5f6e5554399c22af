import { useCallback, useEffect } from 'react';
import { useBeforeUnload } from 'react-router-dom';

const DISCARD_PROMPT = 'Leave this form? Your changes will be lost.';

/**
 * While a form holds unsaved changes: closing or reloading the tab asks the browser's own question, and following
 * any link of the page to another of its pages (the form's Back and Cancel, the top bar's, the footer's) asks first.
 * A link opened in a new tab, or to another site (the browser's question then), is let be.
 */
export function useDiscardGuard(dirty: boolean): void {
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (dirty) event.preventDefault();
      },
      [dirty],
    ),
  );
  useEffect(() => {
    if (!dirty) return;
    // Before the router's own click handling (React listens at its root, below the document): a link kept here is
    // neither followed by the router nor by the browser.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.download) return;
      const to = new URL(link.href, window.location.href);
      const here = window.location;
      if (to.origin !== here.origin || (to.pathname === here.pathname && to.search === here.search)) return;
      if (!window.confirm(DISCARD_PROMPT)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [dirty]);
}
