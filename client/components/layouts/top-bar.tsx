import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Anchor, Box, Group } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { PRODUCT_NAME } from '../../config/constants';
import { useSession } from '../../lib/session/use-session';
import { GuestLinks } from './guest-links';

// Split out so that the landing page's first load carries no menu, modal or avatar code: a
// visitor only pays for them when signed in or when opening help.
const AccountMenu = lazy(() => import('./account-menu'));
const HelpDialog = lazy(() =>
  import('../help-dialog').then((module) => ({ default: module.HelpDialog })),
);

/** Help on the left, the title in the centre, account or guest links on the right. */
export function TopBar({ scrolled }: { scrolled: boolean }) {
  const { user, loading, unknown } = useSession();
  const [helpOpened, setHelpOpened] = useState(false);
  // Mounted from the first opening on, so that closing keeps Mantine's exit transition.
  const [helpMounted, setHelpMounted] = useState(false);

  const openHelp = () => {
    setHelpMounted(true);
    setHelpOpened(true);
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
        <Suspense fallback={null}>
          {!loading && !unknown && (user ? <AccountMenu user={user} /> : <GuestLinks />)}
        </Suspense>
      </Group>

      {helpMounted && (
        <Suspense fallback={null}>
          <HelpDialog opened={helpOpened} onClose={() => setHelpOpened(false)} />
        </Suspense>
      )}
    </Box>
  );
}
