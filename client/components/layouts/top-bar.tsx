import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Anchor, Box, Group } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { PRODUCT_NAME } from '../../config/constants';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import { useSession } from '../../lib/session/use-session';
import { QuietBoundary } from '../ui/quiet-boundary';
import { GuestLinks } from './guest-links';

// Split out so that the landing page's first load carries no menu, modal or avatar code: a
// visitor only pays for them when signed in or when opening help. A chunk that fails to load
// leaves its place empty, and is loaded again once back online (help: at the next press only,
// so that it never opens by itself).
const AccountMenu = lazyWithRetry(() => import('./account-menu'));
const HelpDialog = lazyWithRetry(() =>
  import('../help-dialog').then((module) => ({ default: module.HelpDialog })),
);

/** Help on the left, the title in the centre, account or guest links on the right. */
export function TopBar({ scrolled }: { scrolled: boolean }) {
  const { user, loading, unknown } = useSession();
  const [helpOpened, setHelpOpened] = useState(false);
  // Mounted from the first opening on, so that closing keeps Mantine's exit transition.
  const [helpMounted, setHelpMounted] = useState(false);
  const [helpPresses, setHelpPresses] = useState(0);

  const openHelp = () => {
    setHelpMounted(true);
    setHelpOpened(true);
    setHelpPresses((count) => count + 1);
  };

  return (
    <Box
      component="header"
      data-scrolled={scrolled || undefined}
      pos="sticky"
      top={0}
      px="md"
      h={60}
      bg="var(--mantine-color-body)"
      style={{
        zIndex: 100,
        display: 'grid',
        gridTemplateColumns: '1fr auto 1fr',
        alignItems: 'center',
        borderBottom: '1px solid var(--mantine-color-default-border)',
        boxShadow: scrolled ? 'var(--mantine-shadow-md)' : 'none',
        transition: 'box-shadow 150ms ease',
      }}
    >
      <Group>
        <ActionIcon variant="subtle" size="lg" aria-label="Help" onClick={openHelp}>
          <IconHelp size={22} aria-hidden />
        </ActionIcon>
      </Group>

      <Anchor component={Link} to="/" fw={700} fz="xl" underline="never" c="inherit">
        {PRODUCT_NAME}
      </Anchor>

      <Group justify="flex-end">
        {/* Nothing until the session is known, so visitors never see the wrong links flash
            (nor, offline, a signed-in person the guest links). */}
        <QuietBoundary>
          <Suspense fallback={null}>
            {!loading && !unknown && (user ? <AccountMenu user={user} /> : <GuestLinks />)}
          </Suspense>
        </QuietBoundary>
      </Group>

      {helpMounted && (
        <QuietBoundary retryKey={helpPresses} retryWhenOnline={false}>
          <Suspense fallback={null}>
            <HelpDialog opened={helpOpened} onClose={() => setHelpOpened(false)} />
          </Suspense>
        </QuietBoundary>
      )}
    </Box>
  );
}
