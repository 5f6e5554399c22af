import { Foundation1763830000000 } from './1763830000000-foundation';
import { Bookings1763920000000 } from './1763920000000-bookings';

/** Every migration in order. Add new ones at the end. */
export const migrations = [Foundation1763830000000, Bookings1763920000000];
