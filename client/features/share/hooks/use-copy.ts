import { useEffect, useRef, useState } from 'react';

/** Spec point 9: the copy button shows its check for 2 seconds. */
const COPIED_MS = 2000;

/**
 * Copies text with the Clipboard API; where that is missing or refused (insecure origins,
 * older browsers) it selects the given input and falls back to the copy command.
 */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async (text: string, input?: HTMLInputElement | null) => {
    let done = false;
    try {
      await navigator.clipboard.writeText(text);
      done = true;
    } catch {
      if (input) {
        input.select();
        done = document.execCommand('copy');
      }
    }
    if (!done) return false;
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
    return true;
  };

  return { copied, copy };
}
