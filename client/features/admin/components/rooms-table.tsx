import { useNavigate } from 'react-router';
import { Group, Table, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { AdminRoomsPage } from '../../../../contract/admin';
import { BusyButton } from '../../../components/ui/busy-button';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { useDeleteRoom } from '../api/delete-room';
import { useJoinRoom } from '../api/join-room';
import { deleteWithDialogs } from './delete-with-dialogs';
import { SearchableTable } from './searchable-table';
import { useRowDeletionFocus } from './use-row-deletion-focus';

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
  const deletionFocus = useRowDeletionFocus(rooms.map((room) => room.roomId));

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

  const handleDelete = async (roomId: string, button: HTMLElement) => {
    deletionFocus.watch(button);
    const deleted = await deleteWithDialogs(() => deletion.mutateAsync(roomId), {
      question: `Are you sure you want to delete room ${roomId}?`,
      done: 'Room deleted successfully',
      failed: 'Failed to delete room',
    });
    if (!deleted) deletionFocus.forget();
  };

  return (
    <SearchableTable
      title="Manage Rooms"
      titleId="manage-rooms-title"
      minWidth={560}
      searchLabel="Search rooms"
      search={search}
      onSearchChange={onSearchChange}
      query={query}
      shown={rooms.length}
      columns={['Name', 'ID', 'Created By', 'Actions']}
      emptyText={search.trim() ? 'No matching rooms' : 'No rooms yet'}
    >
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
              <BusyButton size="xs" busy={busy} onClick={() => void handleJoin(room.roomId)}>
                Join
              </BusyButton>
              <BusyButton
                size="xs"
                color="red.9"
                busy={busy}
                data-row-delete
                onClick={(event) => void handleDelete(room.roomId, event.currentTarget)}
              >
                Delete
              </BusyButton>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </SearchableTable>
  );
}
