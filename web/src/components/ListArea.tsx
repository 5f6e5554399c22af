import type { ReactNode } from 'react';
import { Box, Spinner, Text } from '@chakra-ui/react';
import { useFocusFallback } from '../lib/use-focus-fallback';

/**
 * Where a list of bookings or orders shows: a spinner until its first data, its empty text, or its rows (`children`,
 * rendered only then). It is a named group that keeps the keyboard when an action takes away the focused control (a
 * cancelled booking's row, a delivered order's buttons), instead of letting the focus fall to the page.
 */
export function ListArea({
  label,
  loading,
  busy = loading,
  empty,
  emptyText,
  children,
}: {
  label: string;
  loading: boolean;
  /** Rows shown while newer ones load (another page or sort): said to assistive technology. */
  busy?: boolean;
  empty: boolean;
  emptyText: string;
  children?: ReactNode;
}) {
  const ref = useFocusFallback<HTMLDivElement>();
  return (
    <Box ref={ref} tabIndex={-1} outline="none" role="group" aria-label={label} aria-busy={busy}>
      {loading ? (
        <Spinner color="brand.solid" aria-label={`Loading ${label.toLowerCase()}`} />
      ) : empty ? (
        <Text color="fg.muted">{emptyText}</Text>
      ) : (
        children
      )}
    </Box>
  );
}
