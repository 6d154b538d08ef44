import { Button, Table, Text } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { AdminUsersPage } from '../../../../contract/admin';
import { errorText } from '../../../lib/api-client';
import { useDeleteUser } from '../api/delete-user';
import { LoadMore, TableSearch } from './table-paging';
import { TableSection } from './table-section';

interface UsersTableProps {
  query: UseInfiniteQueryResult<InfiniteData<AdminUsersPage>>;
  search: string;
  onSearchChange: (search: string) => void;
}

/** Manage Users. Administrators get no Delete button: the server would refuse it anyway. */
export function UsersTable({ query, search, onSearchChange }: UsersTableProps) {
  const deletion = useDeleteUser();
  const pages = query.data?.pages ?? [];
  const users = pages.flatMap((page) => page.users ?? []);

  const handleDelete = async (userId: string) => {
    if (!window.confirm('Are you sure you want to delete this user?')) return;
    try {
      await deletion.mutateAsync(userId);
      window.alert('User deleted successfully');
    } catch (failure) {
      window.alert(errorText(failure, 'Failed to delete user'));
    }
  };

  return (
    <TableSection
      title="Manage Users"
      titleId="manage-users-title"
      minWidth={480}
      above={<TableSearch label="Search users" value={search} onChange={onSearchChange} />}
      below={
        <LoadMore
          shown={users.length}
          total={pages.at(-1)?.total ?? 0}
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
        />
      }
    >
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
              <Text>{search.trim() ? 'No matching users' : 'No users yet'}</Text>
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
                  disabled={deletion.isPending}
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
