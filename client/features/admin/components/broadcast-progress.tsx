import { Progress, Stack, Text } from '@mantine/core';
import { useBroadcastStatus } from '../api/get-broadcast-status';

/** A queued broadcast's progress, asked for every second until every room is accounted for. */
export function BroadcastProgress({ broadcastId }: { broadcastId: string }) {
  const { data: status, isError } = useBroadcastStatus(broadcastId);
  if (isError && !status) {
    return <Text role="status">Could not read the broadcast's progress</Text>;
  }
  if (!status) return <Text role="status">Delivering...</Text>;
  const reached = status.delivered + status.failed;
  const percent = status.total === 0 ? 100 : Math.round((reached / status.total) * 100);
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label="Broadcast progress" animated={!status.done} />
      <Text role="status" size="sm">
        Delivered to {status.delivered} of {status.total} rooms
        {status.failed > 0 ? ` (${status.failed} failed)` : ''}
        {status.done ? '' : '...'}
      </Text>
    </Stack>
  );
}
