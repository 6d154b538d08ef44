import { useRef } from 'react';
import { Group, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { LoadMoreButton } from '../../../components/ui/load-more-button';

interface TableSearchProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box above an admin table; the server does the matching. */
export function TableSearch({ label, value, onChange }: TableSearchProps) {
  return (
    <TextInput
      type="search"
      label={label}
      value={value}
      maxLength={100}
      leftSection={<IconSearch size={16} aria-hidden />}
      onChange={(event) => onChange(event.currentTarget.value)}
      mb="sm"
    />
  );
}

interface LoadMoreProps {
  /** Rows shown so far, and how many match in all. */
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

/**
 * 'Showing N of M' under a table, and a button for the next page while there is one; the last
 * page hands the button's focus to the count.
 */
export function LoadMore({ shown, total, hasMore, loading, onLoadMore }: LoadMoreProps) {
  const countRef = useRef<HTMLParagraphElement>(null);
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" role="status" ref={countRef} tabIndex={-1}>
        Showing {shown} of {total}
      </Text>
      <LoadMoreButton
        hasMore={hasMore}
        loading={loading}
        onLoadMore={onLoadMore}
        focusWhenDone={countRef}
      />
    </Group>
  );
}
