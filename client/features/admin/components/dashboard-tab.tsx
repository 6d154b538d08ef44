import { useState } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FormError } from '../../../components/ui/form-alerts';
import { errorText } from '../../../lib/api-client';
import { useRooms } from '../api/get-rooms';
import { useStats } from '../api/get-stats';
import { useUsers } from '../api/get-users';
import { SEARCH_DEBOUNCE_MS } from '../utils/search-debounce';
import { BroadcastForm } from './broadcast-form';
import { RoomsTable } from './rooms-table';
import { StatTile } from './stat-tile';
import { UsersTable } from './users-table';

/**
 * Counts, the broadcast form and the two management tables. Each table pages and searches on
 * the server; a failure of any of the three loads shows as one 'Error:' line, and what loaded
 * before stays visible.
 */
export function DashboardTab() {
  const [userSearch, setUserSearch] = useState('');
  const [roomSearch, setRoomSearch] = useState('');
  const [userQuery] = useDebouncedValue(userSearch.trim(), SEARCH_DEBOUNCE_MS);
  const [roomQuery] = useDebouncedValue(roomSearch.trim(), SEARCH_DEBOUNCE_MS);
  const stats = useStats();
  const users = useUsers(userQuery);
  const rooms = useRooms(roomQuery);

  const failure = stats.error ?? users.error ?? rooms.error;
  const error = failure ? errorText(failure, failure.message) : null;
  const loaded = stats.data && users.data && rooms.data;

  return (
    <Stack gap="xl">
      <FormError message={error && `Error: ${error}`} />
      {!loaded && !error && <Text role="status">Loading admin data...</Text>}
      {loaded && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <StatTile label="Users" value={stats.data.users} />
            <StatTile label="Rooms" value={stats.data.rooms} />
            <StatTile label="Messages" value={stats.data.messages} />
          </SimpleGrid>
          <BroadcastForm />
          <RoomsTable query={rooms} search={roomSearch} onSearchChange={setRoomSearch} />
          <UsersTable query={users} search={userSearch} onSearchChange={setUserSearch} />
        </>
      )}
    </Stack>
  );
}
