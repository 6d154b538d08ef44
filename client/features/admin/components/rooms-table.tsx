import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, Table, Text } from '@mantine/core';
import type { AdminRoom } from '../../../../contract/admin';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { removeStored, storageKeys, writeStored } from '../../../lib/storage';
import { deleteRoom } from '../api/delete-room';
import { joinRoom } from '../api/join-room';
import { TableSection } from './table-section';

interface RoomsTableProps {
  rooms: AdminRoom[];
  /** Reloads the admin data after a change, or after a join shows the list is stale. */
  onChanged: () => void;
}

/** Manage Rooms: join any room as moderator, or delete it. */
export function RoomsTable({ rooms, onChanged }: RoomsTableProps) {
  const { user, setUser } = useSession();
  const navigate = useNavigate();
  const [busyRoomId, setBusyRoomId] = useState<string | null>(null);

  const handleJoin = async (roomId: string) => {
    setBusyRoomId(roomId);
    try {
      const joined = await joinRoom(roomId);
      if (!joined.success) throw new Error('Admin join was not successful');
      writeStored(storageKeys.joinedRoomId, joined.roomId);
      writeStored(storageKeys.activeNickname, joined.activeNickname);
      // The chat screen reads the room and nickname from the session user.
      if (user) setUser({ ...user, roomId: joined.roomId, activeNickname: joined.activeNickname });
      void navigate(`/chat/${encodeURIComponent(joined.roomId)}`);
    } catch (failure) {
      // A stale stored room would send the chat screen into a room that no longer exists.
      removeStored(storageKeys.joinedRoomId, storageKeys.activeNickname);
      window.alert(errorText(failure, 'Failed to join room. The room may have been deleted.'));
      setBusyRoomId(null);
      onChanged();
    }
  };

  const handleDelete = async (roomId: string) => {
    if (!window.confirm(`Are you sure you want to delete room ${roomId}?`)) return;
    setBusyRoomId(roomId);
    try {
      await deleteRoom(roomId);
      window.alert('Room deleted successfully');
      onChanged();
    } catch (failure) {
      window.alert(errorText(failure, 'Failed to delete room'));
    } finally {
      setBusyRoomId(null);
    }
  };

  return (
    <TableSection title="Manage Rooms" titleId="manage-rooms-title" minWidth={560}>
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
              <Text>No rooms yet</Text>
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
                <Button
                  size="xs"
                  disabled={busyRoomId !== null}
                  onClick={() => void handleJoin(room.roomId)}
                >
                  Join
                </Button>
                <Button
                  size="xs"
                  color="red.9"
                  disabled={busyRoomId !== null}
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
