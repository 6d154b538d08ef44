import { Badge, Drawer, Stack, Text } from '@mantine/core';
import { FormError } from '../../../components/ui/form-alerts';
import { useSession } from '../../../lib/session/use-session';
import { membersFailureText, useMembers } from '../api/get-members';
import { ModerationPanel } from './moderation-panel';
import { RoomList } from './room-list';

interface RoomsDrawerProps {
  roomId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * The chat's room-list drawer (spec point 2): the person's rooms, and for the owner or an
 * administrator the moderation panel. Administrators take part as 'Mod' and have no own list.
 */
export function RoomsDrawer({ roomId, opened, onClose }: RoomsDrawerProps) {
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const members = useMembers(roomId, opened);
  const isOwner = members.data?.isOwner === true;
  const failure = members.isError ? membersFailureText(members.error) : null;

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
      <Drawer.Content>
        {/* A div, not Mantine's default header: the page's top bar is the one banner. */}
        <Drawer.Header component="div">
          <Drawer.Title fw={600}>{title}</Drawer.Title>
          <Drawer.CloseButton aria-label="Close" />
        </Drawer.Header>
        <Drawer.Body>
          <Stack gap="lg">
            {!isAdmin && <RoomList inDrawer currentRoomId={roomId} onSelected={onClose} />}
            <FormError message={failure} />
            {members.isSuccess && user && (
              <ModerationPanel
                roomId={roomId}
                members={members.data}
                currentUserId={user.id}
                isAdmin={isAdmin}
              />
            )}
            {isAdmin && members.isPending && <Text c="dimmed">Loading members...</Text>}
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
