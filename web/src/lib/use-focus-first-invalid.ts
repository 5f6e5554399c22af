import { useEffect, useRef } from 'react';
import type { FormikProps } from 'formik';

/**
 * A ref for a formik form's <form>: when a submit stops on errors, the keyboard goes to the first field in error (and
 * the page scrolls to it), instead of staying on the button with the errors possibly above the screen. Once per submit,
 * never while the visitor types.
 */
export function useFocusFirstInvalid<V>(form: Pick<FormikProps<V>, 'submitCount' | 'isSubmitting' | 'errors'>) {
  const ref = useRef<HTMLFormElement>(null);
  const handled = useRef(0);
  const { submitCount, isSubmitting, errors } = form;
  useEffect(() => {
    if (submitCount === handled.current || isSubmitting) return;
    handled.current = submitCount;
    if (Object.keys(errors).length === 0) return;
    const first = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)');
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [submitCount, isSubmitting, errors]);
  return ref;
}
