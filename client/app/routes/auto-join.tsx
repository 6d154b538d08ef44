import { Navigate, useSearchParams } from 'react-router';
import { Loader } from '@mantine/core';
import { StatusPanel } from '../../components/ui/status-panel';

/**
 * Placeholder for /auto-join?room=X behind the signed-in guard. The join itself (spec point 4:
 * nickname choice, conflict view, clearing pendingRoomJoin) comes with the rooms feature.
 */
export default function AutoJoinRoute() {
  const room = useSearchParams()[0].get('room');
  if (!room) return <Navigate to="/" replace />;

  return (
    <StatusPanel title="Joining Room" text="Setting up your room...">
      <Loader aria-label="Joining room" />
    </StatusPanel>
  );
}
