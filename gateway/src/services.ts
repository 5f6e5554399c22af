import { AuthService } from './modules/auth/auth.service';
import { BookingService } from './modules/booking/booking.service';
import { VenueService } from './modules/venue/venue.service';
import { CatalogService } from './modules/catalog/product.service';
import { BarService } from './modules/bar/bar-item.service';

/** Every domain service, created once per app; resolvers and REST shims call these. */
export function createServices() {
  return {
    auth: new AuthService(),
    venue: new VenueService(),
    booking: new BookingService(),
    catalog: new CatalogService(),
    bar: new BarService(),
  };
}

export type Services = ReturnType<typeof createServices>;
