import type { ReactNode } from 'react';
import { Table, Text } from '@mantine/core';
import type { AdminPage } from '../../../../contract/admin';
import { LoadMore, TableSearch } from './table-paging';
import { TableSection } from './table-section';

/** What the table needs of its infinite query: the pages so far, and a way to the next one. */
interface PagedQuery {
  data: { pages: readonly AdminPage[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface SearchableTableProps {
  title: string;
  titleId: string;
  minWidth: number;
  searchLabel: string;
  search: string;
  onSearchChange: (search: string) => void;
  query: PagedQuery;
  /** Rows loaded so far, across every page. */
  shown: number;
  columns: readonly string[];
  /** The one row's text while there are no rows. */
  emptyText: string;
  /** The table's rows. */
  children: ReactNode;
}

/**
 * An admin table that searches and pages on the server (Manage Rooms, Manage Users). The last
 * page holds the total, since each page counts every row that matches the search.
 */
export function SearchableTable({
  title,
  titleId,
  minWidth,
  searchLabel,
  search,
  onSearchChange,
  query,
  shown,
  columns,
  emptyText,
  children,
}: SearchableTableProps) {
  return (
    <TableSection
      title={title}
      titleId={titleId}
      minWidth={minWidth}
      above={<TableSearch label={searchLabel} value={search} onChange={onSearchChange} />}
      below={
        <LoadMore
          shown={shown}
          total={query.data?.pages.at(-1)?.total ?? 0}
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
        />
      }
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column}>{column}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shown === 0 && (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>
              <Text>{emptyText}</Text>
            </Table.Td>
          </Table.Tr>
        )}
        {children}
      </Table.Tbody>
    </TableSection>
  );
}
