import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Container, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import type { RoomSummary } from '../../../../contract/rooms';
import { useSession } from '../../../lib/session/use-session';
import { getRooms } from '../api/get-rooms';
import { RoomCard } from './room-card';

type State =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; rooms: RoomSummary[] };

/**
 * The signed-in user's rooms. A first version: it loads on mount and when the user changes
 * (so back navigation, which remounts it, refreshes it too), and on the Refresh button.
 */
export function RoomList() {
  const { user } = useSession();
  const userId = user?.id;
  const [state, setState] = useState<State>({ status: 'loading' });

  const load = useCallback(async (isCurrent: () => boolean = () => true) => {
    setState({ status: 'loading' });
    try {
      const rooms = await getRooms();
      if (isCurrent()) setState({ status: 'ready', rooms: Array.isArray(rooms) ? rooms : [] });
    } catch (error) {
      console.error('Failed to load rooms', error);
      if (isCurrent()) setState({ status: 'error' });
    }
  }, []);

  useEffect(() => {
    if (!userId) return;
    let current = true;
    void load(() => current);
    return () => {
      current = false;
    };
  }, [userId, load]);

  if (!user) return <Text p="md">Please log in to see your rooms.</Text>;

  return (
    <Container size="md" py="xl">
      <Group justify="space-between" mb="lg">
        <Title order={1} size="h2">
          Your Rooms
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => void load()}
            disabled={state.status === 'loading'}
          >
            Refresh
          </Button>
          <Button component={Link} to="/join" leftSection={<IconPlus size={16} aria-hidden />}>
            Create Room
          </Button>
        </Group>
      </Group>

      {state.status === 'loading' && <Text role="status">Loading rooms...</Text>}
      {state.status === 'error' && (
        <Alert color="red" role="alert">
          Failed to load rooms. Please try again.
        </Alert>
      )}
      {state.status === 'ready' && state.rooms.length === 0 && (
        <Text>You haven&apos;t created or joined any rooms yet.</Text>
      )}
      {state.status === 'ready' && state.rooms.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {state.rooms.map((room) => (
            <RoomCard key={room.roomId} room={room} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
