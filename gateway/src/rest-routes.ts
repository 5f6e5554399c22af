import type { Router } from 'express';
import type { Services } from './services';
import { authRest } from './modules/auth/auth.rest';
import { userRest } from './modules/auth/user.rest';
import { bookingRoutes } from './modules/booking/booking.rest';
import { productRoutes } from './modules/catalog/product.rest';
import { barRoutes } from './modules/bar/bar-item.rest';

/** Every module's REST shim router, mounted under /api. */
export function restRoutes(services: Services): Router[] {
  return [
    authRest(services),
    userRest(services),
    bookingRoutes(services),
    productRoutes(services),
    barRoutes(services),
  ];
}
