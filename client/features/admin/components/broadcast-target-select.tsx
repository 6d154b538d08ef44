import { useState } from 'react';
import { Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ADMIN_SEARCH_MAX_LENGTH } from '../../../../contract/admin';
import { useRooms } from '../api/get-rooms';
import { SEARCH_DEBOUNCE_MS } from '../utils/search-debounce';

/** One room to broadcast to; no target means every room. */
export interface BroadcastTarget {
  roomId: string;
  label: string;
}

const ALL_ROOMS: ComboboxItem = { value: 'all', label: 'All Rooms' };

interface BroadcastTargetSelectProps {
  target: BroadcastTarget | null;
  onChange: (target: BroadcastTarget | null) => void;
}

/**
 * The broadcast form's Target: 'All Rooms' or one room, found by the server's search (name or
 * id) as the operator types, so a room older than the first page can be chosen among
 * thousands. 'All Rooms' and the chosen room stay listed whatever the results.
 */
export function BroadcastTargetSelect({ target, onChange }: BroadcastTargetSelectProps) {
  const selectedLabel = target?.label ?? ALL_ROOMS.label;
  const [search, setSearch] = useState(selectedLabel);
  // Mantine shows the chosen option's label in the box; that text is not a search.
  const typed = search === selectedLabel ? '' : search.trim();
  const [query] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const rooms = useRooms(query);

  const found: ComboboxItem[] = (rooms.data?.pages ?? [])
    .flatMap((page) => page.rooms ?? [])
    .map((room) => ({ value: room.roomId, label: room.name || room.roomId }));
  const chosen: ComboboxItem[] =
    target && !found.some((room) => room.value === target.roomId)
      ? [{ value: target.roomId, label: target.label }]
      : [];

  return (
    <Select
      label="Target"
      searchable
      allowDeselect={false}
      maxLength={ADMIN_SEARCH_MAX_LENGTH}
      value={target?.roomId ?? ALL_ROOMS.value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(_, option) =>
        onChange(
          option && option.value !== ALL_ROOMS.value
            ? { roomId: option.value, label: option.label }
            : null,
        )
      }
      data={[ALL_ROOMS, ...chosen, ...found]}
      // The server has matched the rooms already, by id as well as by name: match nothing again.
      filter={({ options }) => options}
    />
  );
}
