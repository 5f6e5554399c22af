import { lazy, type ComponentType } from 'react';

/** A screen's chunk that could not be fetched (offline, or a deploy replaced it): not a fault of the screen. */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super('The screen could not be loaded', { cause });
    this.name = 'ScreenLoadError';
  }
}

/**
 * What browsers throw when a chunk could not be fetched (Chromium, Firefox, Safari; Safari also when a proxy answered
 * a missing chunk with a page), and Vite when a stylesheet the chunk needs could not be: unlike an error the chunk's
 * own code threw as it ran, which is a bug like any other.
 */
const NOT_FETCHED =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|is not a valid JavaScript MIME type|Unable to preload CSS/i;

function notFetched(error: unknown): boolean {
  return (error instanceof Error && NOT_FETCHED.test(error.message)) || navigator.onLine === false;
}

/**
 * A screen that is its own chunk, loaded on first render; a failed fetch is thrown as a ScreenLoadError, and any
 * other failure as it is.
 */
export function lazyScreen(load: () => Promise<ComponentType>) {
  return lazy(() =>
    load().then(
      (Component) => ({ default: Component }),
      (cause: unknown) => {
        throw notFetched(cause) ? new ScreenLoadError(cause) : cause;
      },
    ),
  );
}
