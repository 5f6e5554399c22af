import { Alert, CloseButton } from '@chakra-ui/react';

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
      {onClose && <CloseButton size="sm" pos="relative" top="-2" insetEnd="-2" aria-label="Close" onClick={onClose} />}
    </Alert.Root>
  );
}
