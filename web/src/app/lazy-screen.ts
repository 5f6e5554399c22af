import { lazy, type ComponentType } from 'react';

/** A screen's chunk that could not be fetched (offline, or a deploy replaced it): not a fault of the screen. */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super('The screen could not be loaded', { cause });
    this.name = 'ScreenLoadError';
  }
}

/** A screen that is its own chunk, loaded on first render; a failed fetch is thrown as a ScreenLoadError. */
export function lazyScreen(load: () => Promise<ComponentType>) {
  return lazy(() =>
    load().then(
      (Component) => ({ default: Component }),
      (cause: unknown) => {
        throw new ScreenLoadError(cause);
      },
    ),
  );
}
