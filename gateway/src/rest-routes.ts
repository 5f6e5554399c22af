import type { Router } from 'express';
import { bookingRoutes } from './modules/booking/booking.rest';
import type { Services } from './services';

/** Every module's REST shim router, mounted under /api. */
export function restRoutes(services: Services): Router[] {
  return [bookingRoutes(services)];
}
