import { Link, useParams } from 'react-router';
import { Anchor } from '@mantine/core';
import { StatusPanel } from '../../components/ui/status-panel';

/** Placeholder for /chat and /chat/:roomId: the realtime chat screen comes later. */
export default function ChatRoute() {
  const { roomId } = useParams();
  return (
    <StatusPanel
      title="Chat"
      text={roomId ? `Room ${roomId}: the chat screen is coming soon.` : 'No room selected yet.'}
    >
      <Anchor component={Link} to="/">
        Back to your rooms
      </Anchor>
    </StatusPanel>
  );
}
