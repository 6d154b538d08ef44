/** Vite's `?raw` imports: a file's text, for tests that check static config (abuse-transport). */
declare module '*?raw' {
  const text: string;
  export default text;
}
