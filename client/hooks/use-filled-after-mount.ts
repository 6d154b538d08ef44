import { useEffect, useState } from 'react';

/**
 * Long enough for the accessibility tree to take in the empty region before its text arrives
 * (react-aria's live announcer waits as long).
 */
const FILL_DELAY_MS = 100;

/**
 * What a live region (role status or alert, aria-live) that has just appeared should hold:
 * nothing at first, then `content` a moment later. Some screen readers (VoiceOver, NVDA with
 * Firefox) announce what changes inside a region they already know, not a region that appears
 * with its text in: a notice shown with its page (/login's 'Registration successful!') or by a
 * success was never said. Later changes of `content` pass at once.
 */
export function useFilledAfterMount<T>(content: T): T | null {
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setFilled(true), FILL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return filled ? content : null;
}
