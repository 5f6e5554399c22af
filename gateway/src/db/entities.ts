import { User } from '../modules/auth/user.entity';
import { Product, ProductImage } from '../modules/catalog/product.entity';
import { BarItem } from '../modules/bar/bar-item.entity';

/** Every TypeORM entity, listed once (no globs: the same list serves tsc output and ts-jest). */
export const entities = [User, Product, ProductImage, BarItem];
