import { useCallback, useEffect, useState } from 'react';
import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AdminRoom, AdminStats, AdminUser } from '../../../../contract/admin';
import { errorText } from '../../../lib/api-client';
import { getRooms } from '../api/get-rooms';
import { getStats } from '../api/get-stats';
import { getUsers } from '../api/get-users';
import { BroadcastForm } from './broadcast-form';
import { RoomsTable } from './rooms-table';
import { StatTile } from './stat-tile';
import { UsersTable } from './users-table';

interface AdminData {
  stats: AdminStats;
  users: AdminUser[];
  rooms: AdminRoom[];
}

/** Counts, the broadcast form and the two management tables, all from one load. */
export function DashboardTab() {
  const [data, setData] = useState<AdminData | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (isCurrent: () => boolean = () => true) => {
    try {
      const [stats, users, rooms] = await Promise.all([getStats(), getUsers(), getRooms()]);
      if (!isCurrent()) return;
      setData({ stats, users: users ?? [], rooms: rooms ?? [] });
      setError(null);
    } catch (failure) {
      console.error('Failed to load admin data', failure);
      if (!isCurrent()) return;
      const message = failure instanceof Error ? failure.message : String(failure);
      // Tables from an earlier load stay visible: a failed refresh should not hide them.
      setError(errorText(failure, message));
    }
  }, []);

  useEffect(() => {
    let current = true;
    void load(() => current);
    return () => {
      current = false;
    };
  }, [load]);

  const reload = useCallback(() => void load(), [load]);

  return (
    <Stack gap="xl">
      {error && (
        <Alert color="red" role="alert">
          Error: {error}
        </Alert>
      )}
      {!data && !error && <Text role="status">Loading admin data...</Text>}
      {data && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <StatTile label="Users" value={data.stats.users} />
            <StatTile label="Rooms" value={data.stats.rooms} />
            <StatTile label="Messages" value={data.stats.messages} />
          </SimpleGrid>
          <BroadcastForm rooms={data.rooms} />
          <RoomsTable rooms={data.rooms} onChanged={reload} />
          <UsersTable users={data.users} onChanged={reload} />
        </>
      )}
    </Stack>
  );
}
