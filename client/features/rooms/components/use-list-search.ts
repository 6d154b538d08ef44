import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';

/** Typing pauses this long before a list's search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** What the person types in a paged list's search box, and `q`: it trimmed, once typing pauses. */
export function useListSearch() {
  const [value, setValue] = useState('');
  const [q] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  return { value, onChange: setValue, q };
}

/**
 * Whether a paged list's search box shows: from the first answer with more than one page on,
 * and then for good, whatever a search answers (one page, or none), so it never vanishes under
 * the person typing in it.
 */
export function useSearchShown(morePages: boolean) {
  const [shown, setShown] = useState(false);
  if (morePages && !shown) setShown(true);
  return shown || morePages;
}
