import { Foundation1763830000000 } from './1763830000000-foundation';
import { CatalogAndBar1763910000000 } from './1763910000000-catalog-and-bar';

/** Every migration in order. Add new ones at the end. */
export const migrations = [Foundation1763830000000, CatalogAndBar1763910000000];
