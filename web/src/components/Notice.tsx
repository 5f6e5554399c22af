import { Alert } from '@chakra-ui/react';

/** A success, error, warning or info message in the spec's alert style. */
export function Notice({
  status,
  title,
  children,
}: {
  status: 'success' | 'error' | 'warning' | 'info';
  title?: string;
  children?: string;
}) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        {title && <Alert.Title>{title}</Alert.Title>}
        {children && <Alert.Description>{children}</Alert.Description>}
      </Alert.Content>
    </Alert.Root>
  );
}
