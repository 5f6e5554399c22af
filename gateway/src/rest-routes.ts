import type { Router } from 'express';
import type { Services } from './services';

/** Every module's REST shim router, mounted under /api. */
export function restRoutes(_services: Services): Router[] {
  return [];
}
