// jsdom lacks these Node has; React Router and Chakra use them. (Node-environment tests have no window.)
// Chakra's positioned popovers (floating-ui) watch their anchor's size with a ResizeObserver.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  });
}
if (typeof window !== 'undefined' && !window.ResizeObserver) {
  window.ResizeObserver = class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// jsdom does not scroll: the layout's scroll to the top on every route change would log "Not implemented".
if (typeof window !== 'undefined') window.scrollTo = () => {};
