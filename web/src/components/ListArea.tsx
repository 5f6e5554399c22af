import { createContext, useCallback, useContext, useRef, type ReactNode } from 'react';
import { Box, Spinner, Text } from '@chakra-ui/react';
import { useFocusFallback } from '../lib/use-focus-fallback';
import { LoadFailed } from './LoadFailed';
import { scrollBehavior } from '../lib/motion';

const ListTop = createContext<(() => void) | undefined>(undefined);

/**
 * Inside a ListArea, brings the list's top into sight when it is above the screen: after a page turn at the pager
 * below a long list, the new page is read from its first row, not from its last one. The focus stays where it was.
 */
export const useShowListTop = () => useContext(ListTop);

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
  const fallback = useFocusFallback<HTMLDivElement>();
  const area = useRef<HTMLDivElement | null>(null);
  const ref = useCallback(
    (list: HTMLDivElement | null) => {
      area.current = list;
      return fallback(list);
    },
    [fallback],
  );
  const showTop = useCallback(() => {
    const list = area.current;
    if (list && list.getBoundingClientRect().top < 0)
      list.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
  }, []);
  return (
    <ListTop.Provider value={showTop}>
      <Box
        ref={ref}
        tabIndex={-1}
        outline="none"
        focusVisibleRing="outside"
        role="group"
        aria-label={label}
        aria-busy={busy}
      >
        {loading ? (
          <Spinner role="status" color="brand.solid" aria-label={`Loading ${label.toLowerCase()}`} />
        ) : failed ? (
          <LoadFailed message={failed.message} onRetry={failed.retry} />
        ) : empty ? (
          <Text color="fg.muted">{emptyText}</Text>
        ) : (
          children
        )}
      </Box>
    </ListTop.Provider>
  );
}
