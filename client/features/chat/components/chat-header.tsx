import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Anchor, Box, Group, ThemeIcon } from '@mantine/core';
import { IconLogout, IconMenu2, IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { PRODUCT_NAME } from '../../../config/constants';

interface ChatHeaderProps {
  connected: boolean;
  onOpenRooms: () => void;
  onLogout: () => void;
  /** The share menu, composed in by the route. */
  share: ReactNode;
}

/** The chat's fixed header (the app's top bar is hidden here): rooms drawer, title, share menu,
 * connection state and logout (spec point 2). */
export function ChatHeader({ connected, onOpenRooms, onLogout, share }: ChatHeaderProps) {
  return (
    <Box
      pos="sticky"
      top={0}
      px="md"
      py="xs"
      bg="var(--mantine-color-body)"
      style={{ zIndex: 95, borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon variant="subtle" size="lg" aria-label="Rooms" onClick={onOpenRooms}>
            <IconMenu2 size={22} aria-hidden />
          </ActionIcon>
          <Anchor component={Link} to="/" fw={700} fz="lg" underline="never" c="inherit">
            {PRODUCT_NAME}
          </Anchor>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {share}
          <ThemeIcon
            variant="light"
            color={connected ? 'green' : 'red'}
            size="lg"
            role="img"
            aria-label={connected ? 'Connected' : 'Not connected'}
            title={connected ? 'Connected' : 'Not connected'}
          >
            {connected ? (
              <IconPlugConnected size={20} aria-hidden />
            ) : (
              <IconPlugConnectedX size={20} aria-hidden />
            )}
          </ThemeIcon>
          <ActionIcon variant="subtle" size="lg" aria-label="Logout" onClick={onLogout}>
            <IconLogout size={22} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Box>
  );
}
