import { Foundation1763830000000 } from './1763830000000-foundation';
import { AuthTokens1763900000000 } from './1763900000000-auth-tokens';
import { CatalogAndBar1763910000000 } from './1763910000000-catalog-and-bar';
import { Bookings1763920000000 } from './1763920000000-bookings';
import { CartAndOrders1763930000000 } from './1763930000000-cart-and-orders';
import { CartLineSnapshot1763940000000 } from './1763940000000-cart-line-snapshot';
import { PlatformAll1763950000000 } from './1763950000000-platform-all';
import { OrderItemProductId1763960000000 } from './1763960000000-order-item-product-id';
import { DemoSeedMarker1763970000000 } from './1763970000000-demo-seed-marker';
import { RefundFailures1763980000000 } from './1763980000000-refund-failures';
import { KeptSession1763990000000 } from './1763990000000-kept-session';
import { CanonicalEmails1764000000000 } from './1764000000000-canonical-emails';
import { AccentInsensitiveSearch1764100000000 } from './1764100000000-accent-insensitive-search';
import { ListIndexes1764200000000 } from './1764200000000-list-indexes';
import { EndedSessions1764300000000 } from './1764300000000-ended-sessions';
import { OrderSearchIndexes1764400000000 } from './1764400000000-order-search-indexes';
import { StationServicePeriods1764500000000 } from './1764500000000-station-service-periods';
import { DeliveredCashPaid1764600000000 } from './1764600000000-delivered-cash-paid';
import { PendingEmail1764700000000 } from './1764700000000-pending-email';
import { CreationKeys1764800000000 } from './1764800000000-creation-keys';

/** Every migration in order. Add new ones at the end. */
export const migrations = [
  Foundation1763830000000,
  AuthTokens1763900000000,
  CatalogAndBar1763910000000,
  Bookings1763920000000,
  CartAndOrders1763930000000,
  CartLineSnapshot1763940000000,
  PlatformAll1763950000000,
  OrderItemProductId1763960000000,
  DemoSeedMarker1763970000000,
  RefundFailures1763980000000,
  KeptSession1763990000000,
  CanonicalEmails1764000000000,
  AccentInsensitiveSearch1764100000000,
  ListIndexes1764200000000,
  EndedSessions1764300000000,
  OrderSearchIndexes1764400000000,
  StationServicePeriods1764500000000,
  DeliveredCashPaid1764600000000,
  PendingEmail1764700000000,
  CreationKeys1764800000000,
];
