import { useState } from 'react';
import {
  Alert,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_QUERY_MAX } from '../../../../contract/search';
import { BusyButton } from '../../../components/ui/busy-button';
import { errorText } from '../../../lib/api-client';
import { snippetParts } from './snippet-parts';
import { useRoomSearch } from './use-room-search';
import { MessageLink, MessageLinkList } from './message-link';

interface SearchPanelProps {
  roomId: string;
  opened: boolean;
  onClose: () => void;
  /** A result was chosen: the list takes the reader to it. */
  onPick: (messageId: number) => void;
}

/**
 * The room's search (issue 35): a box, then the matches newest first, each with its author,
 * time and the words around the match marked; 'Load more' for older ones. A result is a button:
 * choosing it closes the panel and the list jumps to the message. Mounted on the first open.
 */
export function SearchPanel({ roomId, opened, onClose, onPick }: SearchPanelProps) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState<string | null>(null);
  const search = useRoomSearch(roomId, q);
  const results = search.data?.pages.flatMap((page) => page.results) ?? [];
  // Mounted already open by the first click, Mantine would never note the button to give the
  // focus back to (it notes it when `opened` turns true after mounting): mounted closed, it
  // opens a render later, as the help dialog does.
  const mounted = useMounted();

  return (
    <Drawer
      opened={opened && mounted}
      onClose={onClose}
      position="right"
      size="min(28rem, 100vw)"
      title="Search messages"
      closeButtonProps={{ 'aria-label': 'Close search' }}
    >
      <Stack gap="sm">
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            const words = typed.trim();
            // An emptied box clears the results: they answered words no longer asked.
            setQ(words || null);
          }}
        >
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              label="Search this room"
              placeholder="Words to find"
              value={typed}
              maxLength={SEARCH_QUERY_MAX}
              onChange={(event) => setTyped(event.currentTarget.value)}
              data-autofocus
              style={{ flex: 1 }}
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              Search
            </Button>
          </Group>
        </form>
        <Text role="status" size="sm" c="dimmed">
          {q !== null && search.isSuccess ? resultsLabel(results.length, search.hasNextPage) : ''}
        </Text>
        {search.isLoading && (
          <Center py="md">
            <Loader size="sm" role="status" aria-label="Searching" />
          </Center>
        )}
        {/* A failed 'Load more' is an error of the whole query too: said once, below. */}
        {search.isError && !search.isFetchNextPageError && (
          <Alert color="red" role="alert">
            {errorText(search.error, 'The search failed. Please try again.')}
          </Alert>
        )}
        {search.isSuccess && results.length === 0 && (
          <Text c="dimmed">No messages match “{q}”.</Text>
        )}
        {results.length > 0 && (
          <MessageLinkList label="Search results">
            {results.map((result) => (
              <MessageLink
                key={result.id}
                user={result.user}
                createdAt={result.createdAt}
                onPick={() => onPick(result.id)}
              >
                {snippetParts(result.snippet).map((part, index) =>
                  part.match ? <mark key={index}>{part.text}</mark> : part.text,
                )}
              </MessageLink>
            ))}
          </MessageLinkList>
        )}
        {search.hasNextPage && (
          <BusyButton
            variant="default"
            busy={search.isFetchingNextPage}
            loader
            onClick={() => void search.fetchNextPage()}
          >
            Load more
          </BusyButton>
        )}
        {search.isFetchNextPageError && (
          <Alert color="red" role="alert">
            {errorText(search.error, 'Older results could not be loaded.')}
          </Alert>
        )}
      </Stack>
    </Drawer>
  );
}

function resultsLabel(count: number, more: boolean) {
  if (count === 0) return 'No results';
  const shown = count === 1 ? '1 result' : `${count} results`;
  return more ? `${shown}, more older ones` : shown;
}
