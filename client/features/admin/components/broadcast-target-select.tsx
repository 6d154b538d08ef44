import { useState } from 'react';
import { NativeSelect, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useRooms } from '../api/get-rooms';
import { SEARCH_DEBOUNCE_MS } from '../utils/search-debounce';
import { TableSearch } from './table-paging';

/** One room to broadcast to; no target means every room. */
export interface BroadcastTarget {
  roomId: string;
  label: string;
}

const ALL_ROOMS = { value: 'all', label: 'All Rooms' };

interface BroadcastTargetSelectProps {
  target: BroadcastTarget | null;
  onChange: (target: BroadcastTarget | null) => void;
}

/**
 * The broadcast form's Target: 'All Rooms' or one room. The list holds the newest rooms, or
 * those the server's search finds (by name or exact id) for the box above it, so a room older
 * than the first page can be chosen among thousands; 'All Rooms' and the chosen room stay
 * listed whatever the search finds. The list is a native select, which works the same with a
 * keyboard, a screen reader and browser automation.
 */
export function BroadcastTargetSelect({ target, onChange }: BroadcastTargetSelectProps) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const rooms = useRooms(query);

  const found: BroadcastTarget[] = (rooms.data?.pages ?? [])
    .flatMap((page) => page.rooms ?? [])
    .map((room) => ({ roomId: room.roomId, label: room.name || room.roomId }));
  const choices =
    target && !found.some((room) => room.roomId === target.roomId) ? [target, ...found] : found;

  return (
    <Stack gap={0}>
      <TableSearch label="Find a room to target" value={search} onChange={setSearch} />
      <NativeSelect
        label="Target"
        value={target?.roomId ?? ALL_ROOMS.value}
        onChange={(event) => {
          const roomId = event.currentTarget.value;
          onChange(choices.find((choice) => choice.roomId === roomId) ?? null);
        }}
        data={[ALL_ROOMS, ...choices.map((room) => ({ value: room.roomId, label: room.label }))]}
      />
    </Stack>
  );
}
