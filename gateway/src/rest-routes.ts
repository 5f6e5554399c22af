import type { Router } from 'express';
import type { Services } from './services';
import { authRest } from './modules/auth/auth.rest';
import { userRest } from './modules/auth/user.rest';
import { bookingRoutes } from './modules/booking/booking.rest';
import { productRoutes } from './modules/catalog/product.rest';
import { barRoutes } from './modules/bar/bar-item.rest';
import { cartRoutes } from './modules/cart/cart.rest';
import { orderRoutes } from './modules/orders/order.rest';
import { paymentRoutes } from './modules/payments/payments.rest';

/** Every module's REST shim router, mounted under /api. */
export function restRoutes(services: Services): Router[] {
  return [
    authRest(services),
    userRest(services),
    bookingRoutes(services),
    productRoutes(services),
    barRoutes(services),
    cartRoutes(services),
    orderRoutes(services),
    paymentRoutes(services),
  ];
}
