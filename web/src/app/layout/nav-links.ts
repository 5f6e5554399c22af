/** The top-level sections, in the order the top bar and the drawer show them. */
export const NAV_LINKS = [
  { to: '/booking', label: 'Booking' },
  { to: '/shop', label: 'Shop' },
  { to: '/menu', label: 'Bar Menu' },
  { to: '/about', label: 'About Us' },
] as const;

/** Staff pages, shown after the sections to admins only. */
export const ADMIN_LINKS = [
  { to: '/reports', label: 'Reports' },
  { to: '/playground', label: 'Playground' },
] as const;
