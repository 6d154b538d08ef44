import { useWindowEvent } from '@mantine/hooks';

/**
 * Escape closes an open popover wherever the focus is. Mantine's own Escape handling listens
 * inside the dropdown, so a popover opened by a click (focus left on its button) stayed open.
 */
export function useCloseOnEscape(opened: boolean, close: () => void) {
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') close();
  });
}
