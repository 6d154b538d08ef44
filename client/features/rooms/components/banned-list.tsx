import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { RoomBan } from '../../../../contract/rooms';
import { BusyButton } from '../../../components/ui/busy-button';
import { errorText } from '../../../lib/api-client';
import { useBans } from '../api/get-bans';
import { useUnbanMember } from '../api/unban-member';

/** The people kicked from the room, each with an Unban button that lets them join again. */
export function BannedList({ roomId, onLifted }: { roomId: string; onLifted?: () => void }) {
  const bans = useBans(roomId);
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
        onError: (error) =>
          notifications.show({ color: 'red', message: errorText(error, 'Failed to unban user') }),
      },
    );

  if (bans.isError) {
    return (
      <Text c="red" mt="md">
        {errorText(bans.error, 'Failed to load removed users')}
      </Text>
    );
  }
  // Nobody removed, or not loaded yet: no empty heading to puzzle over.
  if (!bans.data || bans.data.bans.length === 0) return null;
  return (
    <Box component="section" mt="md" aria-labelledby="removed-title">
      <Title order={4} size="h5" mb="xs" id="removed-title">
        Removed
      </Title>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {bans.data.bans.map((ban) => (
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
    </Box>
  );
}
