import { AuthService } from './modules/auth/auth.service';
import { BookingService } from './modules/booking/booking.service';
import { VenueService } from './modules/venue/venue.service';
import { CatalogService } from './modules/catalog/product.service';
import { BarService } from './modules/bar/bar-item.service';
import { CartService } from './modules/cart/cart.service';
import { OrderService } from './modules/orders/order.service';
import { PaymentsService } from './modules/payments/payments.service';
import { ReportsService } from './modules/reports/reports.service';

/** Every domain service, created once per app; resolvers and REST shims call these. */
export function createServices() {
  const payments = new PaymentsService();
  const orders = new OrderService(payments);
  payments.useOrders(orders);
  return {
    auth: new AuthService(),
    venue: new VenueService(),
    booking: new BookingService(),
    catalog: new CatalogService(),
    bar: new BarService(),
    cart: new CartService(),
    orders,
    payments,
    reports: new ReportsService(),
  };
}

export type Services = ReturnType<typeof createServices>;
