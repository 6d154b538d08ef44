import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Button, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { SMALL_SCREEN_QUERY } from '../../config/constants';
import { ColorSchemeButton } from './color-scheme-button';

// Menus pull in Mantine's popover stack; wide screens never need it, so it loads on demand.
const GuestMenu = lazy(() => import('./guest-menu'));

/**
 * Visitors' links: the colour scheme, Login and Register; one 'Menu' dropdown on small screens.
 * Visitors have no account menu, so their dark mode switch lives here.
 */
export function GuestLinks() {
  const small = useMediaQuery(SMALL_SCREEN_QUERY);

  if (small) {
    return (
      <Suspense fallback={null}>
        <GuestMenu />
      </Suspense>
    );
  }

  return (
    <Group gap="xs" wrap="nowrap">
      <ColorSchemeButton />
      <Button component={Link} to="/login" variant="subtle">
        Login
      </Button>
      <Button component={Link} to="/register">
        Register
      </Button>
    </Group>
  );
}
