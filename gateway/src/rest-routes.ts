import type { Router } from 'express';
import { bookingRoutes } from './modules/booking/booking.rest';
import type { Services } from './services';
import { authRest } from './modules/auth/auth.rest';
import { userRest } from './modules/auth/user.rest';

/** Every module's REST shim router, mounted under /api. */
export function restRoutes(services: Services): Router[] {
  return [authRest(services), userRest(services), bookingRoutes(services)];
}
