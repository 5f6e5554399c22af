import { useSyncExternalStore } from 'react';

/** Whether the CSS media query matches now, following it as the window changes (false where there is no window). */
export function useMediaMatch(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
