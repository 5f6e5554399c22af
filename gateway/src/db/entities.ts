import { User } from '../modules/auth/user.entity';
import { UserToken } from '../modules/auth/user-token.entity';

/** Every TypeORM entity, listed once (no globs: the same list serves tsc output and ts-jest). */
export const entities = [User, UserToken];
