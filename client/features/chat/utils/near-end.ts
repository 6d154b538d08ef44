/** Near enough to the end of the conversation that a new message brings the view along. */
export const FOLLOW_PX = 200;

/** Whether the page is scrolled to within `px` of its end. */
export const nearEnd = (px = FOLLOW_PX) =>
  window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - px;
