import { useEffect, useState } from 'react';

/**
 * Whether the window is scrolled further than `threshold` pixels. Only the crossing changes
 * state, so scrolling does not re-render the page on every frame.
 */
export function useScrolledPast(threshold: number, enabled = true): boolean {
  const [past, setPast] = useState(false);

  useEffect(() => {
    if (!enabled) {
      setPast(false);
      return;
    }
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold, enabled]);

  return past;
}
