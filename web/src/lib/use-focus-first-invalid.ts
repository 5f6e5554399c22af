import { useEffect, useRef } from 'react';
import type { FormikProps } from 'formik';
import { scrollBehavior } from './motion';

/**
 * Whether the keyboard can go to `element`: not disabled, not inert, and drawn (neither it nor a parent hidden or
 * display: none, nor itself visibility: hidden). A hidden control marked invalid (a file input behind its button) is
 * skipped: focusing it would leave the keyboard nowhere.
 */
function canTakeFocus(element: HTMLElement): boolean {
  if (element.matches(':disabled') || element.closest('[inert]')) return false;
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    if (node.hidden || getComputedStyle(node).display === 'none') return false;
  }
  return getComputedStyle(element).visibility !== 'hidden';
}

/**
 * A ref for a formik form's <form>: when a submit stops on errors, the keyboard goes to the first field in error (and
 * the page scrolls to it), instead of staying on the button with the errors possibly above the screen. Once per submit,
 * never while the visitor types. A field in error that cannot take the keyboard (hidden, disabled) is passed over.
 */
export function useFocusFirstInvalid<V>(form: Pick<FormikProps<V>, 'submitCount' | 'isSubmitting' | 'errors'>) {
  const ref = useRef<HTMLFormElement>(null);
  const handled = useRef(0);
  const { submitCount, isSubmitting, errors } = form;
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting) return;
    handled.current = submitCount;
    if (Object.keys(errors).length === 0) return;
    const invalid = ref.current?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? [];
    const first = Array.from(invalid).find(canTakeFocus);
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: 'center', behavior: scrollBehavior() });
  }, [submitCount, isSubmitting, errors]);
  return ref;
}
