/**
 * How a jump the reader asked for scrolls: smoothly, so they see where it went, unless they
 * ask their system for less motion (as the app's transitions do, app/provider.tsx); browsers
 * do not all make a smooth scroll instant for them.
 */
export const jumpScrollBehavior = (): ScrollBehavior =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';
