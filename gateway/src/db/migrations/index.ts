import { Foundation1763830000000 } from './1763830000000-foundation';
import { AuthTokens1763900000000 } from './1763900000000-auth-tokens';

/** Every migration in order. Add new ones at the end. */
export const migrations = [Foundation1763830000000, AuthTokens1763900000000];
