import { AuthResolver } from '../modules/auth/auth.resolver';
import { BookingResolver } from '../modules/booking/booking.resolver';
import { VenueResolver } from '../modules/venue/venue.resolver';

/** Every resolver class of the API. */
export const resolvers = [AuthResolver, VenueResolver, BookingResolver] as const;
