import { AuthResolver } from '../modules/auth/auth.resolver';
import { VenueResolver } from '../modules/venue/venue.resolver';

/** Every resolver class of the API. */
export const resolvers = [AuthResolver, VenueResolver] as const;
