/** The top-level sections, in the order the top bar and the drawer show them. */
export const NAV_LINKS = [
  { to: '/booking', label: 'Booking' },
  { to: '/shop', label: 'Shop' },
  { to: '/menu', label: 'Bar Menu' },
  { to: '/about', label: 'About Us' },
] as const;
