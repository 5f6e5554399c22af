/**
 * Whether the keyboard's focus is nowhere a visitor could go on from: on no element, on the page body, on an element
 * no longer on the page, or on a control disabled that instant (the browser moves the focus off it to the body as it
 * next renders the page). The focus hooks take it back only then, never from where the visitor moved it.
 */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || active.matches(':disabled');
}
