/**
 * A focus ring drawn inside its element (2 px, pulled in), for triggers in a box that clips what leaves it: the
 * enclosed accordions and the scrolling tab strip. Chakra's own "inside" ring still sits on the edge, where it is cut.
 */
export const INSIDE_FOCUS_RING = { outlineWidth: '2px', outlineOffset: '-2px' };
