/** Near enough to the end of the conversation that a new message brings the view along. */
const FOLLOW_PX = 200;

export const nearEnd = () =>
  window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - FOLLOW_PX;
