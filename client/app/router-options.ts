/**
 * How the app's RouterProvider renders a navigation: not in a transition. In one, a page still
 * loading (a lazy route) left the previous screen up under the new address, and whatever was
 * typed or autofilled into its fields, which look like the new page's, was wiped when the new
 * page replaced it a moment later. Without, the new address shows 'Loading...' until its page
 * is there, and then only that page.
 */
export const routerOptions = { useTransitions: false } as const;
