import { createLiveRegion, type LiveRegion } from '@zag-js/live-region';

let region: LiveRegion | undefined;

/**
 * Says `message` to screen readers, politely (after what they are reading), without showing anything: for a change
 * the page shows somewhere the reader is not (a button's brief 'Added!', the number of products a filter found). A
 * notice that appears as its own element is not reliably read, so one off-screen live region (zag's, as Ark's own
 * comboboxes use) carries these. Each message replaces the last.
 */
export function announce(message: string) {
  region ??= createLiveRegion({ level: 'polite' });
  region.announce(message);
}
