/**
 * The top-level sections, in the order the top bar and the drawer show them. `within`: the route patterns of other pages
 * that belong to the section (a product's page is in the shop), where its link is shown as the current section too.
 */
export const NAV_LINKS = [
  { to: '/booking', label: 'Booking' },
  { to: '/shop', label: 'Shop', within: ['/products/:id', '/products/edit/:id'] },
  { to: '/menu', label: 'Bar Menu', within: ['/bar/create', '/bar/edit/:id'] },
  { to: '/about', label: 'About Us' },
] as const;

/** Staff pages, shown after the sections to admins only. */
export const ADMIN_LINKS = [
  { to: '/reports', label: 'Reports' },
  { to: '/playground', label: 'Playground' },
] as const;

/** Chakra's sm and up: the links are in the top bar, not the drawer. */
export const LINKS_IN_BAR = '(min-width: 30em)';
/** Chakra's sm to lg: the links take a second row of the top bar. */
export const TWO_ROW_BAR = '(min-width: 30em) and (max-width: 63.99em)';
