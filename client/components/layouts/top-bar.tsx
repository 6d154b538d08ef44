import { Link } from 'react-router';
import { ActionIcon, Anchor, Box, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHelp } from '@tabler/icons-react';
import { PRODUCT_NAME } from '../../config/constants';
import { useSession } from '../../lib/session/use-session';
import { HelpDialog } from '../help-dialog';
import { AccountMenu } from './account-menu';
import { GuestLinks } from './guest-links';

/** Help on the left, the title in the centre, account or guest links on the right. */
export function TopBar({ scrolled }: { scrolled: boolean }) {
  const { user, loading } = useSession();
  const [helpOpened, help] = useDisclosure(false);

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
        <ActionIcon variant="subtle" size="lg" aria-label="Help" onClick={help.open}>
          <IconHelp size={22} aria-hidden />
        </ActionIcon>
      </Group>

      <Anchor component={Link} to="/" fw={700} fz="xl" underline="never" c="inherit">
        {PRODUCT_NAME}
      </Anchor>

      <Group justify="flex-end">
        {/* Nothing until the session is known, so visitors never see the wrong links flash. */}
        {!loading && (user ? <AccountMenu user={user} /> : <GuestLinks />)}
      </Group>

      <HelpDialog opened={helpOpened} onClose={help.close} />
    </Box>
  );
}
