import { Badge, Table } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { AdminUsersPage } from '../../../../contract/admin';
import { BusyButton } from '../../../components/ui/busy-button';
import { useDeleteUser } from '../api/delete-user';
import { deleteWithDialogs } from './delete-with-dialogs';
import { SearchableTable } from './searchable-table';
import { useRowDeletionFocus } from './use-row-deletion-focus';

interface UsersTableProps {
  query: UseInfiniteQueryResult<InfiniteData<AdminUsersPage>>;
  search: string;
  onSearchChange: (search: string) => void;
}

const UNVERIFIED_TITLE = 'This person has not opened the link mailed to this address yet';

/** Manage Users. Administrators get no Delete button: the server would refuse it anyway. */
export function UsersTable({ query, search, onSearchChange }: UsersTableProps) {
  const deletion = useDeleteUser();
  const pages = query.data?.pages ?? [];
  const users = pages.flatMap((page) => page.users ?? []);
  const deletionFocus = useRowDeletionFocus(users.map((account) => account.id));

  const handleDelete = async (userId: string, button: HTMLElement) => {
    deletionFocus.watch(button);
    const deleted = await deleteWithDialogs(() => deletion.mutateAsync(userId), {
      question: 'Are you sure you want to delete this user?',
      done: 'User deleted successfully',
      failed: 'Failed to delete user',
    });
    if (!deleted) deletionFocus.forget();
  };

  return (
    <SearchableTable
      title="Manage Users"
      titleId="manage-users-title"
      minWidth={480}
      searchLabel="Search users"
      search={search}
      onSearchChange={onSearchChange}
      query={query}
      shown={users.length}
      columns={['Email', 'Role', 'Actions']}
      emptyText={search.trim() ? 'No matching users' : 'No users yet'}
    >
      {users.map((account) => (
        <Table.Tr key={account.id}>
          <Table.Td>
            {account.email}
            {account.emailVerified === false && (
              <Badge ml="xs" size="sm" color="gray" variant="outline" title={UNVERIFIED_TITLE}>
                unverified
              </Badge>
            )}
          </Table.Td>
          <Table.Td>{account.role}</Table.Td>
          <Table.Td>
            {account.role !== 'admin' && (
              <BusyButton
                size="xs"
                color="red.9"
                busy={deletion.isPending}
                data-row-delete
                onClick={(event) => void handleDelete(account.id, event.currentTarget)}
              >
                Delete
              </BusyButton>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </SearchableTable>
  );
}
