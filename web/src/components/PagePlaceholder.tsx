import { Heading, Stack, Text } from '@chakra-ui/react';

/** A route whose screen is not built yet: it exists, says what it will be, and keeps the layout. */
export function PagePlaceholder({ title, children }: { title: string; children?: string }) {
  return (
    <Stack gap="3" py="8">
      <Heading size="2xl">{title}</Heading>
      <Text color="fg.muted">{children ?? 'This page is on its way.'}</Text>
    </Stack>
  );
}
