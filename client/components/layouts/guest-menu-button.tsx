import type { ComponentPropsWithRef } from 'react';
import { Button } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';

/**
 * The small screen's 'Menu' button, one look in both places it is drawn: at once by
 * guest-links.tsx, and as the target of the menu once that has loaded (guest-menu.tsx).
 */
export function GuestMenuButton(
  props: Omit<ComponentPropsWithRef<'button'>, 'color' | 'children'>,
) {
  return (
    <Button variant="subtle" leftSection={<IconMenu2 size={18} aria-hidden />} {...props}>
      Menu
    </Button>
  );
}
