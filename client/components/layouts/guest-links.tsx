import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { SMALL_SCREEN_QUERY } from '../../config/constants';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import { QuietBoundary } from '../ui/quiet-boundary';
import { ColorSchemeButton } from './color-scheme-button';
import { GuestMenuButton } from './guest-menu-button';

// Menus pull in Mantine's popover stack (eight chunks): nobody needs it before they reach for
// the menu, so it loads then, not with the page. If it fails to load, the button stays and its
// next press loads it again (not the network's return: it would open by itself).
const loadGuestMenu = () => import('./guest-menu');
const GuestMenu = lazyWithRetry(loadGuestMenu);

/**
 * Visitors' links: the colour scheme, Login and Register; one 'Menu' dropdown on small screens.
 * Visitors have no account menu, so their dark mode switch lives here.
 */
export function GuestLinks() {
  // Read during the first render, not in an effect after it: a phone's first render is then
  // already its own, instead of a wide screen's redone at once.
  const small = useMediaQuery(SMALL_SCREEN_QUERY, undefined, { getInitialValueInEffect: false });

  if (small) return <SmallScreenMenu />;

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

/**
 * The menu's button at once, the menu itself once asked for: a pointer over the button or focus
 * on it starts loading it, and a press opens it as soon as it is there.
 */
function SmallScreenMenu() {
  const [presses, setPresses] = useState(0);
  const prefetch = () => void loadGuestMenu().catch(() => {});
  const button = (
    <GuestMenuButton
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setPresses((count) => count + 1)}
    />
  );
  if (presses === 0) return button;
  return (
    <QuietBoundary fallback={button} retryKey={presses} retryWhenOnline={false}>
      <Suspense fallback={button}>
        <GuestMenu openOnMount />
      </Suspense>
    </QuietBoundary>
  );
}
