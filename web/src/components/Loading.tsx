import { Center, Spinner } from '@chakra-ui/react';

/**
 * A page (or a page's main list) waiting for its data: one centred spinner, a status named for screen readers (a
 * spinner has no role of its own, so a name alone would not be read).
 */
export function Loading({ label }: { label: string }) {
  return (
    <Center py="16" minH="40vh">
      <Spinner size="xl" color="brand.solid" role="status" aria-label={label} />
    </Center>
  );
}
