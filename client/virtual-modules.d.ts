/** Modules the build's own plugins serve (scripts/). */

/** Mantine's stylesheets the first screens leave out (scripts/mantine-rest-styles.ts). */
declare module 'virtual:mantine-rest-styles';
