import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useRouteError } from 'react-router-dom';

/** A screen that crashed (or whose chunk failed to load after a deploy): say so and offer a reload. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Stack align="center" textAlign="center" gap="4" py="16" px="4">
      <Heading size="2xl">Something went wrong</Heading>
      <Text color="fg.muted">Please reload the page. If it keeps happening, let us know at the bar.</Text>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Stack>
  );
}
