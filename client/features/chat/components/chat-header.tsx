import { Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Anchor, Box, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconHelp,
  IconLogout,
  IconMenu2,
  IconPlugConnected,
  IconPlugConnectedX,
} from '@tabler/icons-react';
import type { RoomData } from '../../../../contract/realtime';
import { QuietBoundary } from '../../../components/ui/quiet-boundary';
import { PRODUCT_NAME } from '../../../config/constants';
import { lazyWithRetry } from '../../../lib/lazy-with-retry';
import classes from './chat-header.module.css';
import { OnlinePeople } from './online-people';

// The help dialog is only fetched when someone opens it. A chunk that fails to load (offline)
// leaves the chat as it is, and is loaded again at the next press only, so that it never opens
// by itself (as the top bar's help).
const HelpDialog = lazyWithRetry(() =>
  import('../../../components/help-dialog').then((module) => ({ default: module.HelpDialog })),
);

interface ChatHeaderProps {
  connected: boolean;
  roomName: string;
  /** Who is here now (null until the room has said). */
  users: RoomData['users'] | null;
  onOpenRooms: () => void;
  onLogout: () => void;
  /** The share menu, composed in by the route. */
  share: ReactNode;
  /** The notifications bell. */
  notifications?: ReactNode;
  /** The room's search button (search/search-button.tsx). */
  search?: ReactNode;
  /** The room's pinned messages, when there are any: a bar under the icons (pins/pins-button.tsx). */
  pins?: ReactNode;
}

/**
 * The chat's fixed header (the app's top bar is hidden here): rooms drawer, the room's name and
 * who is online, help, share menu, connection state and logout (spec point 2). The product's
 * name links home where there is room for it.
 */
export function ChatHeader(props: ChatHeaderProps) {
  const { connected, roomName, users, onOpenRooms, onLogout, share, notifications, search } = props;
  const { pins } = props;
  const [help, setHelp] = useState({ mounted: false, opened: false, presses: 0 });

  return (
    <Box
      pos="sticky"
      top={0}
      bg="var(--mantine-color-body)"
      // The phone journey measures its controls (test/browser/chat-header-phone.spec.ts).
      data-chat-header
      className={classes.header}
      style={{ zIndex: 95, borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group justify="space-between" wrap="wrap" gap="xs" className={classes.row}>
        <Group gap="xs" wrap="nowrap" className={classes.lead}>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label="Rooms"
            onClick={onOpenRooms}
            className={classes.icon}
          >
            <IconMenu2 size={22} aria-hidden />
          </ActionIcon>
          <Anchor
            component={Link}
            to="/"
            fw={700}
            fz="lg"
            underline="never"
            c="inherit"
            visibleFrom="sm"
            style={{ whiteSpace: 'nowrap' }}
          >
            {PRODUCT_NAME}
          </Anchor>
          <Stack gap={0} className={classes.name}>
            <Text component="h1" fw={700} fz="md" lh={1.3} m={0} truncate="end" title={roomName}>
              {roomName}
            </Text>
            <Box>
              <OnlinePeople users={users} />
            </Box>
          </Stack>
        </Group>
        <Group gap={4} wrap="nowrap" className={classes.icons}>
          {search}
          {notifications}
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label="Help"
            onClick={() =>
              setHelp(({ presses }) => ({ mounted: true, opened: true, presses: presses + 1 }))
            }
          >
            <IconHelp size={22} aria-hidden />
          </ActionIcon>
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
      {pins}
      {help.mounted && (
        <QuietBoundary retryKey={help.presses} retryWhenOnline={false}>
          <Suspense fallback={null}>
            <HelpDialog
              opened={help.opened}
              onClose={() => setHelp((was) => ({ ...was, opened: false }))}
            />
          </Suspense>
        </QuietBoundary>
      )}
    </Box>
  );
}
