import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, IconButton, Stack, type ButtonProps } from '@chakra-ui/react';
import { LuX } from 'react-icons/lu';
import { scrollBehavior } from '../lib/motion';
import { useClaimLostFocus } from '../lib/use-claim-lost-focus';

/**
 * A success, error, warning or info message in the spec's alert style; with `onClose`, the reader can close it. With
 * `reveal`, it scrolls into view when it appears or changes: for a message about something done further down the
 * page (a long form's submit, an action on a card far down a list), which would otherwise show off screen. `action`
 * (a link or button) is where the message leads, shown at its end.
 *
 * An error is an alert, any other notice a status. A status that comes onto the page with its text already in it is
 * not reliably read, though. Where a notice answers an action whose control keeps the focus, it goes inside a live
 * region the page keeps (`LiveArea`); a notice brought by a navigation is said through `announce`. Either way it is
 * told `saidElsewhere`, so that it is not a second live region. Or, told `claimsLostFocus`, it takes the keyboard's
 * focus if the action left it nowhere (a form emptied after its submit, its button disabled), and is read as it is
 * focused.
 */
export function Notice({
  status,
  title,
  children,
  onClose,
  reveal,
  action,
  saidElsewhere,
  claimsLostFocus,
}: {
  status: 'success' | 'error' | 'warning' | 'info';
  title?: string;
  children?: string;
  onClose?: () => void;
  reveal?: boolean;
  action?: ReactNode;
  saidElsewhere?: boolean;
  claimsLostFocus?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: scrollBehavior() });
  }, [reveal, title, children]);
  useClaimLostFocus(ref, claimsLostFocus && `${title ?? ''} ${children ?? ''}`);
  return (
    <Alert.Root
      ref={ref}
      status={status}
      role={status === 'error' ? 'alert' : saidElsewhere ? undefined : 'status'}
      tabIndex={claimsLostFocus ? -1 : undefined}
      outline="none"
    >
      <Alert.Indicator />
      <Alert.Content>
        {title && <Alert.Title>{title}</Alert.Title>}
        {children && <Alert.Description>{children}</Alert.Description>}
      </Alert.Content>
      {action}
      {onClose && (
        <IconButton
          aria-label="Close"
          variant="ghost"
          size="sm"
          pos="relative"
          top="-2"
          insetEnd="-2"
          onClick={onClose}
        >
          <LuX />
        </IconButton>
      )}
    </Alert.Root>
  );
}

/** A notice's `action`: a small outlined button at its end (with `asChild`, a link styled so). */
export function NoticeAction(props: ButtonProps) {
  return <Button size="sm" variant="outline" alignSelf="center" flexShrink={0} {...props} />;
}

/**
 * A polite live region, on the page before anything is said in it, for the notices that answer an action (see
 * Notice's `saidElsewhere`). `gap` is the gap of the stack it stands in, kept between its own notices too; empty, it
 * takes no room there, its margin giving that gap back.
 */
export function LiveArea({ gap, children }: { gap: string; children: ReactNode }) {
  return (
    <Stack aria-live="polite" data-live-area gap={gap} _empty={{ mt: `calc(-1 * var(--chakra-spacing-${gap}))` }}>
      {children}
    </Stack>
  );
}
