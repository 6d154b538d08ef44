/** Typing pauses this long before an admin search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;
