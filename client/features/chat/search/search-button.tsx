import { lazy, Suspense, useState } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

// The panel is only fetched when someone opens it.
const SearchPanel = lazy(() =>
  import('./search-panel').then((module) => ({ default: module.SearchPanel })),
);

interface SearchButtonProps {
  roomId: string;
  /** A result was chosen (the panel has closed). */
  onPick: (messageId: number) => void;
}

/** The chat header's search: a button that opens the room's search panel. */
export function SearchButton({ roomId, onPick }: SearchButtonProps) {
  const [panel, setPanel] = useState({ mounted: false, opened: false });
  return (
    <>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label="Search messages"
        onClick={() => setPanel({ mounted: true, opened: true })}
      >
        <IconSearch size={22} aria-hidden />
      </ActionIcon>
      {panel.mounted && (
        <Suspense fallback={null}>
          <SearchPanel
            roomId={roomId}
            opened={panel.opened}
            onClose={() => setPanel({ mounted: true, opened: false })}
            onPick={(messageId) => {
              setPanel({ mounted: true, opened: false });
              onPick(messageId);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
