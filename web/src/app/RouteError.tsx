import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { ScreenLoadError } from './lazy-screen';

/**
 * A screen that crashed, or whose chunk could not be fetched (offline, or replaced by a deploy): say which, and offer a
 * reload (a screen that failed to load is not fetched again until then).
 */
export function RouteError({ notLoaded = false }: { notLoaded?: boolean }) {
  return (
    <Stack align="center" textAlign="center" gap="4" py="16" px="4">
      <Heading as="h1" size="2xl">
        {notLoaded ? 'This page could not be loaded' : 'Something went wrong'}
      </Heading>
      <Text color="fg.muted">
        {notLoaded
          ? 'Check your internet connection, then reload the page.'
          : 'Please reload the page. If it keeps happening, let us know at the bar.'}
      </Text>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </Stack>
  );
}

/**
 * Catches what a screen throws while rendering, so the top bar and footer stay usable. The Layout keys it by path:
 * going to another page starts with a clean slate.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean; notLoaded: boolean }> {
  override state = { failed: false, notLoaded: false };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, notLoaded: error instanceof ScreenLoadError };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError notLoaded={this.state.notLoaded} /> : this.props.children;
  }
}
