import { Link } from 'react-router';
import { Alert, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormError } from '../../../components/ui/form-alerts';
import { PRODUCT_NAME } from '../../../config/constants';
import { useSession } from '../../../lib/session/use-session';
import { unreadTotal } from '../../../lib/unread/read-marks';
import { useUnreadTitle } from '../../../lib/unread/use-unread-title';
import { useRooms } from '../api/get-rooms';
import { useSelectRoom } from '../hooks/use-select-room';
import { RoomCard } from './room-card';

interface RoomListProps {
  /** In the chat's drawer: one column, no page heading (the drawer has the title). */
  inDrawer?: boolean;
  /** The room the chat screen shows, marked in the list. */
  currentRoomId?: string;
  /** Called once a card was chosen, e.g. to close the drawer. */
  onSelected?: () => void;
}

/** The signed-in user's rooms (spec point 2, 'Room list'): the home page and the chat drawer. */
export function RoomList({ inDrawer = false, currentRoomId, onSelected }: RoomListProps) {
  const { user } = useSession();
  const { query: rooms, refresh, reloading } = useRooms(user?.id);
  const { select, error: switchError } = useSelectRoom(onSelected);
  // The home page's tab carries the unread total; in the drawer the chat's title does.
  useUnreadTitle(PRODUCT_NAME, unreadTotal(rooms.data), !inDrawer);

  if (!user) return <Text p="md">Please log in to see your rooms.</Text>;

  const actions = (
    <Group gap="xs">
      <BusyButton
        variant="default"
        size={inDrawer ? 'xs' : 'sm'}
        leftSection={<IconRefresh size={16} aria-hidden />}
        busy={reloading}
        onClick={() => void refresh()}
      >
        Refresh
      </BusyButton>
      <Button
        component={Link}
        to="/join"
        size={inDrawer ? 'xs' : 'sm'}
        leftSection={<IconPlus size={16} aria-hidden />}
      >
        Create Room
      </Button>
    </Group>
  );

  const body = (
    <>
      {switchError && (
        <Alert color="red" role="alert" mb="md">
          {switchError}
        </Alert>
      )}
      {reloading && <Text role="status">Loading rooms...</Text>}
      <FormError
        message={rooms.isError && !reloading ? 'Failed to load rooms. Please try again.' : null}
      />
      {/* The rooms read last stay beside a failed reload's error (a first load has none). */}
      {rooms.data && !reloading && rooms.data.length === 0 && (
        <Text>You haven&apos;t created or joined any rooms yet.</Text>
      )}
      {rooms.data && rooms.data.length > 0 && (
        <SimpleGrid cols={inDrawer ? 1 : { base: 1, sm: 2 }}>
          {rooms.data.map((room) => (
            <RoomCard
              key={room.roomId}
              room={room}
              onSelect={select}
              current={room.roomId === currentRoomId}
            />
          ))}
        </SimpleGrid>
      )}
    </>
  );

  if (inDrawer) {
    return (
      <Stack gap="md">
        {actions}
        <div>{body}</div>
      </Stack>
    );
  }

  return (
    <Container size="md" py="xl">
      <Group justify="space-between" mb="lg">
        <Title order={1} size="h2">
          Your Rooms
        </Title>
        {actions}
      </Group>
      {body}
    </Container>
  );
}
