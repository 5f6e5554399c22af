/** Spec §9: both booking lists show 5 rows per page. */
export const BOOKINGS_PAGE_SIZE = 5;

/** A page of bookings as the server answers it, as the lists' announcements and paging read it. */
export const bookingPageShown = (list: { items: unknown[]; page: number; total: number }) => ({
  rows: list.items.length,
  page: list.page,
  totalPages: Math.ceil(list.total / BOOKINGS_PAGE_SIZE),
  total: list.total,
});
