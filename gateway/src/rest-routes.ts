import type { Router } from 'express';
import type { Services } from './services';
import { productRoutes } from './modules/catalog/product.rest';
import { barRoutes } from './modules/bar/bar-item.rest';

/** Every module's REST shim router, mounted under /api. */
export function restRoutes(services: Services): Router[] {
  return [productRoutes(services), barRoutes(services)];
}
