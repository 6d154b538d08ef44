/** Product-wide constants from the spec (points 1 and 9), kept in one place. */
export const PRODUCT_NAME = 'Chat Rooms';
export const SUPPORT_EMAIL = 'support@example.com';

/** The home page's top bar switches to its 'scrolled' look past this many pixels. */
export const SCROLLED_THRESHOLD_PX = 100;

/** How long the reset screen shows the server's message before going to /login. */
export const RESET_REDIRECT_MS = 3000;

export const AVATAR_DEFAULT_SIZE = 32;

/** Below this width the top bar folds its links into one 'Menu' dropdown. */
export const SMALL_SCREEN_QUERY = '(max-width: 600px)';
