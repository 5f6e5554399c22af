import { VenueResolver } from '../modules/venue/venue.resolver';
import { ProductImageResolver, ProductResolver } from '../modules/catalog/product.resolver';
import { BarItemResolver } from '../modules/bar/bar-item.resolver';

/** Every resolver class of the API. */
export const resolvers = [VenueResolver, ProductResolver, ProductImageResolver, BarItemResolver] as const;
