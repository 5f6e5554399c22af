/**
 * A focus ring drawn inside its element (2 px, pulled in), for triggers in a box that clips what leaves it: the
 * enclosed accordions and the scrolling tab strip. Chakra's own "inside" ring still sits on the edge, where it is cut.
 */
export const INSIDE_FOCUS_RING = { outlineWidth: '2px', outlineOffset: '-2px' };

/**
 * For the areas that are navy in both themes (top bar, footer, the home hero, the menu banner): the focus ring of the
 * controls in them that keep the default palette is grey 300, 7.5:1 on the lightest navy there. The light theme's own
 * grey 500 is under 3:1 on it (WCAG 1.4.11). Set on the area, it is inherited as the palette's ring colour.
 */
export const ON_NAVY_FOCUS_RING = { '--chakra-colors-color-palette-focus-ring': 'var(--chakra-colors-gray-300)' };
