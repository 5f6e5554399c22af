import { VenueService } from './modules/venue/venue.service';
import { CatalogService } from './modules/catalog/product.service';
import { BarService } from './modules/bar/bar-item.service';

/** Every domain service, created once per app; resolvers and REST shims call these. */
export function createServices() {
  return {
    venue: new VenueService(),
    catalog: new CatalogService(),
    bar: new BarService(),
  };
}

export type Services = ReturnType<typeof createServices>;
