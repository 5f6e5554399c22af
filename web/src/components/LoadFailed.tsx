import { useLayoutEffect, useRef, useState } from 'react';
import { Alert, Button } from '@chakra-ui/react';
import { logFailure } from '../lib/errors';
import { focusIsLost } from '../lib/focus-lost';
import { useFocusBack } from '../lib/use-focus-back';

/**
 * The area a pressed Try again left the keyboard's focus on as it went (its page loading again), and what its alert
 * said: while that area keeps the focus and the asking has not succeeded, the same alert shown anew takes it back.
 */
let focusHandedTo: { holder: HTMLElement; message: string } | null = null;

/**
 * What a page could not load (a list) or finish (a paid order): its words in the alert style, and a way to ask again
 * without a reload.
 *
 * Pressed, Try again is disabled while it asks (or gives way to the page's spinner), which takes the keyboard's focus
 * off it. When the asking fails again, Try again (the same, or the one shown anew) takes the focus back. When it
 * succeeds, the alert gives way to what was loaded, and the focus is on the nearest enclosing area that can hold it (a
 * list's group, the cart, else the page's main content): a screen reader reads on from there and the next Tab goes on
 * from there, instead of starting again from the top of the page.
 */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => Promise<unknown> }) {
  const [busy, setBusy] = useState(false);
  const button = useFocusBack<HTMLButtonElement>(busy);
  const alert = useRef<HTMLDivElement>(null);
  const pressedWithFocus = useRef(false);
  const said = useRef(message);
  useLayoutEffect(() => {
    said.current = message;
  }, [message]);
  useLayoutEffect(() => {
    const root = alert.current;
    // Shown again after a Try again whose page showed its spinner meanwhile: the keyboard comes back to Try again.
    const handed = focusHandedTo;
    if (root && handed?.message === said.current && document.activeElement === handed.holder) {
      focusHandedTo = null;
      if (handed.holder.contains(root)) button.current?.focus();
    }
    return () => {
      if (!pressedWithFocus.current || !root) return;
      // The enclosing areas that can hold the focus, looked up while the alert is still on the page: some of them may
      // leave with it.
      const holders: HTMLElement[] = [];
      for (let at = root.parentElement; at; at = at.parentElement) if (at.hasAttribute('tabindex')) holders.push(at);
      const message = said.current;
      queueMicrotask(() => {
        if (!focusIsLost()) return; // the visitor put it somewhere meanwhile
        const holder = holders.find((area) => area.isConnected) ?? document.getElementById('main');
        if (!holder) return;
        holder.focus({ preventScroll: true });
        const handed = { holder, message };
        focusHandedTo = handed;
        holder.addEventListener('blur', () => focusHandedTo === handed && (focusHandedTo = null), { once: true });
      });
    };
  }, [button]);
  return (
    <Alert.Root ref={alert} status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
      <Button
        ref={button}
        size="sm"
        variant="outline"
        loading={busy}
        onClick={(event) => {
          pressedWithFocus.current = document.activeElement === event.currentTarget;
          setBusy(true);
          onRetry()
            .then(
              // Loaded: once the page has shown it, no alert shown later takes the focus on this try's account.
              () => setTimeout(() => focusHandedTo?.message === said.current && (focusHandedTo = null)),
              (e: unknown) => logFailure('Retry failed', e),
            )
            .finally(() => setBusy(false));
        }}
      >
        Try again
      </Button>
    </Alert.Root>
  );
}
