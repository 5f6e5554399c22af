/** Browser storage keys the spec fixes (§9); the user key lives with the user store in ./auth. */
export const THEME_STORAGE_KEY = 'themeMode';
