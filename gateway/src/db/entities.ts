import { User } from '../modules/auth/user.entity';

/** Every TypeORM entity, listed once (no globs: the same list serves tsc output and ts-jest). */
export const entities = [User];
