import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, IconButton } from '@chakra-ui/react';
import { LuX } from 'react-icons/lu';
import { scrollBehavior } from '../lib/motion';

/**
 * A success, error, warning or info message in the spec's alert style; with `onClose`, the reader can close it. With
 * `reveal`, it scrolls into view when it appears or changes: for a message about something done further down the
 * page (a long form's submit, an action on a card far down a list), which would otherwise show off screen. `action`
 * (a link or button) is where the message leads, shown at its end.
 */
export function Notice({
  status,
  title,
  children,
  onClose,
  reveal,
  action,
}: {
  status: 'success' | 'error' | 'warning' | 'info';
  title?: string;
  children?: string;
  onClose?: () => void;
  reveal?: boolean;
  action?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reveal) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: scrollBehavior() });
  }, [reveal, title, children]);
  return (
    <Alert.Root ref={ref} status={status} role={status === 'error' ? 'alert' : 'status'}>
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
