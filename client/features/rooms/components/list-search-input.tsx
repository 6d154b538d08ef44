import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { MEMBER_SEARCH_MAX_LENGTH } from '../../../../contract/rooms';

interface ListSearchInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box of a room's paged list (the moderation panel's members, its Removed list). */
export function ListSearchInput({ label, value, onChange }: ListSearchInputProps) {
  return (
    <TextInput
      type="search"
      label={label}
      value={value}
      maxLength={MEMBER_SEARCH_MAX_LENGTH}
      leftSection={<IconSearch size={16} aria-hidden />}
      onChange={(event) => onChange(event.currentTarget.value)}
      mb="sm"
    />
  );
}
