import { AuthResolver } from '../modules/auth/auth.resolver';
import { BarItemResolver } from '../modules/bar/bar-item.resolver';
import { BookingResolver } from '../modules/booking/booking.resolver';
import { ProductImageResolver, ProductResolver } from '../modules/catalog/product.resolver';
import { VenueResolver } from '../modules/venue/venue.resolver';
import { CartResolver } from '../modules/cart/cart.resolver';
import { OrderItemResolver, OrderResolver } from '../modules/orders/order.resolver';
import { PaymentsResolver } from '../modules/payments/payments.resolver';
import { ReportsResolver } from '../modules/reports/reports.resolver';

/** Every resolver class of the API. */
export const resolvers = [
  AuthResolver,
  VenueResolver,
  BookingResolver,
  ProductResolver,
  ProductImageResolver,
  BarItemResolver,
  CartResolver,
  OrderResolver,
  OrderItemResolver,
  PaymentsResolver,
  ReportsResolver,
] as const;
