import { useState } from 'react';
import { Button, Table, Text } from '@mantine/core';
import type { AdminUser } from '../../../../contract/admin';
import { errorText } from '../../../lib/api-client';
import { deleteUser } from '../api/delete-user';
import { TableSection } from './table-section';

interface UsersTableProps {
  users: AdminUser[];
  onChanged: () => void;
}

/** Manage Users. Administrators get no Delete button: the server would refuse it anyway. */
export function UsersTable({ users, onChanged }: UsersTableProps) {
  const [busyUserId, setBusyUserId] = useState<string | null>(null);

  const handleDelete = async (userId: string) => {
    if (!window.confirm('Are you sure you want to delete this user?')) return;
    setBusyUserId(userId);
    try {
      await deleteUser(userId);
      window.alert('User deleted successfully');
      onChanged();
    } catch (failure) {
      window.alert(errorText(failure, 'Failed to delete user'));
    } finally {
      setBusyUserId(null);
    }
  };

  return (
    <TableSection title="Manage Users" titleId="manage-users-title" minWidth={480}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Email</Table.Th>
          <Table.Th>Role</Table.Th>
          <Table.Th>Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={3}>
              <Text>No users yet</Text>
            </Table.Td>
          </Table.Tr>
        )}
        {users.map((account) => (
          <Table.Tr key={account.id}>
            <Table.Td>{account.email}</Table.Td>
            <Table.Td>{account.role}</Table.Td>
            <Table.Td>
              {account.role !== 'admin' && (
                <Button
                  size="xs"
                  color="red.9"
                  disabled={busyUserId !== null}
                  onClick={() => void handleDelete(account.id)}
                >
                  Delete
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableSection>
  );
}
