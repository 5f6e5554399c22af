/** Browser storage keys the spec fixes (§9). */
export const THEME_STORAGE_KEY = 'themeMode';
export const CART_STORAGE_KEY = 'cart';
export { USER_STORAGE_KEY } from './auth';
