import { useCallback } from 'react';
import { focusIsLost } from './focus-lost';

/**
 * A ref for a list whose actions take away the control that had the keyboard: a row's Cancel button once its booking
 * is cancelled (or once a reload shows it has started meanwhile), an order's buttons once it is delivered. The browser
 * would leave the focus on the page body, and a screen reader would lose its place; instead the list itself (given
 * `tabIndex={-1}`) takes the focus, so the next Tab goes on from there. It acts only when the control the list last had
 * focused leaves the page while nothing has the focus (the action's confirm prompt may already have taken it off the
 * control), however long after the action that comes; a focus the visitor moved elsewhere is never taken back.
 */
export function useFocusFallback<T extends HTMLElement>() {
  return useCallback((list: T | null) => {
    if (!list) return;
    let focused: Element | null = null;
    const onFocusIn = (event: FocusEvent) => {
      focused = event.target as Element;
    };
    const observer = new MutationObserver(() => {
      if (!focused || focused.isConnected || !focusIsLost()) return;
      focused = null;
      list.focus({ preventScroll: true });
    });
    observer.observe(list, { childList: true, subtree: true });
    list.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      list.removeEventListener('focusin', onFocusIn);
    };
  }, []);
}
