import { Foundation1763830000000 } from './1763830000000-foundation';

/** Every migration in order. Add new ones at the end. */
export const migrations = [Foundation1763830000000];
