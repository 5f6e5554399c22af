import { Center, Spinner } from '@chakra-ui/react';

/** A page (or a page's main list) waiting for its data: one centred spinner, named for screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <Center py="16" minH="40vh">
      <Spinner size="xl" color="brand.solid" aria-label={label} />
    </Center>
  );
}
