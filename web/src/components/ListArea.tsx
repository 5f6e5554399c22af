import type { ReactNode } from 'react';
import { Box, Spinner, Text } from '@chakra-ui/react';
import { useFocusFallback } from '../lib/use-focus-fallback';
import { LoadFailed } from './LoadFailed';

/**
 * Where a list of bookings or orders shows: a spinner until its first data, why it could not be loaded (`failed`, with
 * Try again: never an empty text for a list that did not come), its empty text, or its rows (`children`, rendered only
 * then). It is a named group that keeps the keyboard when an action takes away the focused control (a
 * cancelled booking's row, a delivered order's buttons), instead of letting the focus fall to the page.
 */
export function ListArea({
  label,
  loading,
  busy = loading,
  empty,
  emptyText,
  failed,
  children,
}: {
  label: string;
  loading: boolean;
  /** Rows shown while newer ones load (another page or sort): said to assistive technology. */
  busy?: boolean;
  empty: boolean;
  emptyText: string;
  /** The list's request failed: what to say, and how to ask again. */
  failed?: { message: string; retry: () => Promise<unknown> };
  children?: ReactNode;
}) {
  const ref = useFocusFallback<HTMLDivElement>();
  return (
    <Box ref={ref} tabIndex={-1} outline="none" role="group" aria-label={label} aria-busy={busy}>
      {loading ? (
        <Spinner color="brand.solid" aria-label={`Loading ${label.toLowerCase()}`} />
      ) : failed ? (
        <LoadFailed message={failed.message} onRetry={failed.retry} />
      ) : empty ? (
        <Text color="fg.muted">{emptyText}</Text>
      ) : (
        children
      )}
    </Box>
  );
}
