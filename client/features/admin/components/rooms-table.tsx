import { useNavigate } from 'react-router';
import { Button, Group, Table, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { AdminRoomsPage } from '../../../../contract/admin';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { useDeleteRoom } from '../api/delete-room';
import { useJoinRoom } from '../api/join-room';
import { LoadMore, TableSearch } from './table-paging';
import { TableSection } from './table-section';

interface RoomsTableProps {
  query: UseInfiniteQueryResult<InfiniteData<AdminRoomsPage>>;
  search: string;
  onSearchChange: (search: string) => void;
}

/** Manage Rooms: join any room as moderator, or delete it. */
export function RoomsTable({ query, search, onSearchChange }: RoomsTableProps) {
  const { enterRoom, forgetRoom } = useSession();
  const navigate = useNavigate();
  const join = useJoinRoom();
  const deletion = useDeleteRoom();
  const busy = join.isPending || deletion.isPending;
  const pages = query.data?.pages ?? [];
  const rooms = pages.flatMap((page) => page.rooms ?? []);

  const handleJoin = async (roomId: string) => {
    try {
      const joined = await join.mutateAsync(roomId);
      if (!joined.success) throw new Error('Admin join was not successful');
      // The chat screen reads the room and nickname from the session user.
      enterRoom(joined.roomId, joined.activeNickname);
      void navigate(`/chat/${encodeURIComponent(joined.roomId)}`);
    } catch (failure) {
      // A stale stored room would send the chat screen into a room that no longer exists.
      forgetRoom();
      window.alert(errorText(failure, 'Failed to join room. The room may have been deleted.'));
    }
  };

  const handleDelete = async (roomId: string) => {
    if (!window.confirm(`Are you sure you want to delete room ${roomId}?`)) return;
    try {
      await deletion.mutateAsync(roomId);
      window.alert('Room deleted successfully');
    } catch (failure) {
      window.alert(errorText(failure, 'Failed to delete room'));
    }
  };

  return (
    <TableSection
      title="Manage Rooms"
      titleId="manage-rooms-title"
      minWidth={560}
      above={<TableSearch label="Search rooms" value={search} onChange={onSearchChange} />}
      below={
        <LoadMore
          shown={rooms.length}
          total={pages.at(-1)?.total ?? 0}
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
        />
      }
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>ID</Table.Th>
          <Table.Th>Created By</Table.Th>
          <Table.Th>Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rooms.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={4}>
              <Text>{search.trim() ? 'No matching rooms' : 'No rooms yet'}</Text>
            </Table.Td>
          </Table.Tr>
        )}
        {rooms.map((room) => (
          <Table.Tr key={room.roomId}>
            <Table.Td>{room.name}</Table.Td>
            <Table.Td>
              <Text ff="monospace" size="sm">
                {room.roomId}
              </Text>
            </Table.Td>
            <Table.Td>{room.createdBy?.email ?? 'Unknown'}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" disabled={busy} onClick={() => void handleJoin(room.roomId)}>
                  Join
                </Button>
                <Button
                  size="xs"
                  color="red.9"
                  disabled={busy}
                  onClick={() => void handleDelete(room.roomId)}
                >
                  Delete
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableSection>
  );
}
