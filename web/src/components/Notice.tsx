import { Alert, IconButton } from '@chakra-ui/react';
import { LuX } from 'react-icons/lu';

/** A success, error, warning or info message in the spec's alert style; with `onClose`, the reader can close it. */
export function Notice({
  status,
  title,
  children,
  onClose,
}: {
  status: 'success' | 'error' | 'warning' | 'info';
  title?: string;
  children?: string;
  onClose?: () => void;
}) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        {title && <Alert.Title>{title}</Alert.Title>}
        {children && <Alert.Description>{children}</Alert.Description>}
      </Alert.Content>
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
