import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';

/** A screen that crashed (or whose chunk failed to load after a deploy): say so and offer a reload. */
export function RouteError() {
  return (
    <Stack align="center" textAlign="center" gap="4" py="16" px="4">
      <Heading size="2xl">Something went wrong</Heading>
      <Text color="fg.muted">Please reload the page. If it keeps happening, let us know at the bar.</Text>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Stack>
  );
}

/**
 * Catches what a screen throws while rendering, so the top bar and footer stay usable. The Layout keys it by path:
 * going to another page starts with a clean slate.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
