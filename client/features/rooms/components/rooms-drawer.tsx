import { useRef } from 'react';
import { Badge, Drawer, Stack, Text } from '@mantine/core';
import { useFocusWhenGone } from '../../../hooks/use-focus-when-gone';
import { FormError } from '../../../components/ui/form-alerts';
import { useSession } from '../../../lib/session/use-session';
import { membersFailureText, useMembers } from '../api/get-members';
import { LeaveRoomButton } from './leave-room-button';
import { ModerationPanel } from './moderation-panel';
import { RoomList } from './room-list';
import { SWITCHER_OPENS_OVER } from './room-switcher';
import { useListSearch } from './use-list-search';

interface RoomsDrawerProps {
  roomId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * The chat's room-list drawer (spec point 2): the person's rooms, for the owner or an
 * administrator the moderation panel, and for a member a way to leave the room. Administrators take part as 'Mod' and have no own list.
 */
export function RoomsDrawer({ roomId, opened, onClose }: RoomsDrawerProps) {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const search = useListSearch();
  const members = useMembers(roomId, opened, search.q);
  const pages = members.data?.pages ?? [];
  const first = pages[0];
  const isOwner = first?.isOwner === true;
  const failure = members.isError ? membersFailureText(members.error) : null;
  const panelShown = Boolean(members.isSuccess && first && user);
  // A hand-over ('Make owner', confirmed in a dialog of the panel's) takes the whole panel away
  // with the focus in it: the drawer's title takes it, and reads out whose rooms these are now.
  const titleRef = useRef<HTMLHeadingElement>(null);
  useFocusWhenGone(panelShown, titleRef);

  const title = isAdmin ? (
    <>
      Joined as:{' '}
      <Badge component="span" variant="filled">
        Mod
      </Badge>
    </>
  ) : isOwner ? (
    'Your Rooms'
  ) : (
    'Joined Rooms'
  );

  return (
    <Drawer.Root opened={opened} onClose={onClose} size="md">
      <Drawer.Overlay />
      {/* Ctrl+K's room switcher may open over it: going elsewhere is what the drawer is for. */}
      <Drawer.Content {...SWITCHER_OPENS_OVER}>
        {/* A div, not Mantine's default header: the page's top bar is the one banner. */}
        <Drawer.Header component="div">
          <Drawer.Title fw={600} ref={titleRef} tabIndex={-1}>
            {title}
          </Drawer.Title>
          <Drawer.CloseButton aria-label="Close" />
        </Drawer.Header>
        <Drawer.Body>
          <Stack gap="lg">
            {!isAdmin && <RoomList inDrawer currentRoomId={roomId} onSelected={onClose} />}
            <FormError message={failure} />
            {members.isSuccess && first && user && (
              <ModerationPanel
                roomId={roomId}
                members={{ ...first, members: pages.flatMap((page) => page.members) }}
                currentUserId={user.id}
                isAdmin={isAdmin}
                search={search}
                more={{
                  hasMore: members.hasNextPage,
                  loading: members.isFetchingNextPage,
                  onLoadMore: () => void members.fetchNextPage(),
                }}
              />
            )}
            {isAdmin && members.isPending && <Text c="dimmed">Loading members...</Text>}
            <LeaveRoomButton roomId={roomId} />
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
