import { useLayoutEffect, useRef } from 'react';
import { focusIsLost } from './focus-lost';

/**
 * A ref for a control disabled while its action runs (Add to Cart while adding, a cart line's quantity while it is
 * saved). A focused control that becomes disabled drops the keyboard's focus on the page body, and a screen reader
 * loses its place: once the action is over, the control takes the focus back, if it had it as the action began and
 * nothing else has it now. (The browser moves the focus off a disabled control only when it next renders the page, so
 * a layout effect still sees where it was.)
 */
export function useFocusBack<T extends HTMLElement>(busy: boolean) {
  const ref = useRef<T>(null);
  const hadFocus = useRef(false);
  useLayoutEffect(() => {
    const control = ref.current;
    if (busy) {
      hadFocus.current = control !== null && document.activeElement === control;
      return;
    }
    if (hadFocus.current && control?.isConnected && focusIsLost()) control.focus();
    hadFocus.current = false;
  }, [busy]);
  return ref;
}
