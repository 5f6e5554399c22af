import { useEffect, type RefObject } from 'react';
import { focusIsLost } from './focus-lost';

/**
 * Gives the keyboard's focus to `ref`'s element (which has `tabIndex={-1}`) as `shown` appears or changes while the
 * focus is lost: on the page body, or on a control disabled meanwhile (a busy submit button, one a form's reset left
 * disabled), or gone with a control that was replaced. A screen reader reads the element so focused, and the next Tab
 * goes on from there. A focus anywhere else is left alone.
 */
export function useClaimLostFocus(ref: RefObject<HTMLElement | null>, shown: unknown) {
  useEffect(() => {
    if (shown && focusIsLost()) ref.current?.focus();
  }, [ref, shown]);
}
