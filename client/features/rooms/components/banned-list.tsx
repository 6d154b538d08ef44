import { useRef } from 'react';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RoomBan } from '../../../../contract/rooms';
import { BusyButton } from '../../../components/ui/busy-button';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { errorText } from '../../../lib/api-client';
import { useBans } from '../api/get-bans';
import { useUnbanMember } from '../api/unban-member';
import { ListSearchInput } from './list-search-input';
import { useListSearch, useSearchShown } from './use-list-search';
import { showRequestError } from '../../../components/ui/request-error-toast';

/**
 * The people kicked from the room, newest first, each with an Unban button that lets them join
 * again. A room with more than one answer's worth gets 'Load more removed users' and a search
 * by how the nickname starts, as the members list does.
 */
export function BannedList({ roomId, onLifted }: { roomId: string; onLifted?: () => void }) {
  const search = useListSearch();
  const bans = useBans(roomId, search.q);
  const pages = bans.data?.pages ?? [];
  const removed = pages.flatMap((page) => page.bans);
  const searchable = useSearchShown(pages[0]?.nextAfter !== undefined);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const unban = useUnbanMember();
  const unbanning = unban.isPending ? unban.variables.userId : null;

  const liftBan = (ban: RoomBan) =>
    unban.mutate(
      { roomId, userId: ban.userId },
      {
        onSuccess: (answer) => {
          notifications.show({
            color: 'green',
            message: answer.message || `User ${ban.nickname} unbanned.`,
          });
          // Its button goes with the ban: the panel keeps the focus.
          onLifted?.();
        },
        onError: (error) => showRequestError(error, 'Failed to unban user'),
      },
    );

  if (bans.isError) {
    return (
      <Text c="red" mt="md">
        {errorText(bans.error, 'Failed to load removed users')}
      </Text>
    );
  }
  // Nobody removed, or not loaded yet: no empty heading to puzzle over. A search box, once
  // shown, stays with its heading whatever the search finds.
  if (removed.length === 0 && !searchable) return null;
  return (
    <Box component="section" mt="md" aria-labelledby="removed-title">
      <Title order={4} size="h5" mb="xs" id="removed-title" ref={titleRef} tabIndex={-1}>
        Removed
      </Title>
      {searchable && (
        <ListSearchInput
          label="Find a removed user"
          value={search.value}
          onChange={search.onChange}
        />
      )}
      {removed.length === 0 ? (
        <Text c="dimmed">No matching removed users</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {removed.map((ban) => (
            <Group key={ban.userId} component="li" justify="space-between" wrap="nowrap">
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {ban.nickname}
              </Text>
              <BusyButton
                size="xs"
                variant="light"
                aria-label={`Unban ${ban.nickname}`}
                busy={unbanning === ban.userId}
                loader
                onClick={() => liftBan(ban)}
              >
                Unban
              </BusyButton>
            </Group>
          ))}
        </Stack>
      )}
      {/* Kept while empty: the button hands its focus on when the last page takes it away. */}
      <Group mt={bans.hasNextPage ? 'xs' : 0}>
        <LoadMoreButton
          label="Load more removed users"
          hasMore={bans.hasNextPage}
          loading={bans.isFetchingNextPage}
          onLoadMore={() => void bans.fetchNextPage()}
          focusWhenDone={titleRef}
        />
      </Group>
    </Box>
  );
}
