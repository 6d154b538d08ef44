/**
 * How the chat's own scrolls move (a jump the reader asked for, the list following a new
 * message): smoothly, so the reader sees where the view went, unless they ask their system for
 * less motion (as the app's transitions do, app/provider.tsx); browsers do not all make a
 * smooth scroll instant for them.
 */
export const scrollMotion = (): ScrollBehavior =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';
