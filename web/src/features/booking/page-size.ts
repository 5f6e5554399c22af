/** Spec §9: both booking lists show 5 rows per page. */
export const BOOKINGS_PAGE_SIZE = 5;
