/** zag's live region (lib/announce.ts): one off-screen element, replaced by each announcement. */
const region = () => document.getElementById('__live-region__');

/** What screen readers were last told through `announce` ('' when nothing yet). */
export const spoken = () => region()?.textContent ?? '';

/** Forgets what an earlier test announced, so a test can tell that nothing was said. */
export const forgetSpoken = () => region()?.remove();
