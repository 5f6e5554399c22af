import { User } from '../modules/auth/user.entity';
import { UserToken } from '../modules/auth/user-token.entity';
import { Booking } from '../modules/booking/booking.entity';
import { Station } from '../modules/booking/station.entity';
import { Product, ProductImage } from '../modules/catalog/product.entity';
import { BarItem } from '../modules/bar/bar-item.entity';
import { CartItem } from '../modules/cart/cart-item.entity';
import { Order, OrderItem } from '../modules/orders/order.entity';

/** Every TypeORM entity, listed once (no globs: the same list serves tsc output and ts-jest). */
export const entities = [User, UserToken, Station, Booking, Product, ProductImage, BarItem, CartItem, Order, OrderItem];
