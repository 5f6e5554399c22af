/**
 * How the page scrolls for the app's own moves (to the top on a new route, to a notice, to a list): smoothly, unless
 * the visitor asked their system for less motion (WCAG 2.3.3), then at once.
 */
export function scrollBehavior(): ScrollBehavior {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
    ? 'auto'
    : 'smooth';
}
