import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Loader } from '@mantine/core';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useSession } from '../../../lib/session/use-session';
import { storageKeys, writeStored } from '../../../lib/storage';

/**
 * /invite?room=X (spec point 4, 'Invite flow'): remembers the room so that it survives
 * registering and logging in, then sends the person on to the join or to registration.
 */
export function ProcessInvitation() {
  const { user, loading } = useSession();
  const navigate = useNavigate();
  const room = useSearchParams()[0].get('room');

  useEffect(() => {
    if (!room) {
      navigate('/', { replace: true });
      return;
    }
    writeStored(storageKeys.pendingRoomJoin, room);
    if (loading) return;
    navigate(user ? `/auto-join?room=${encodeURIComponent(room)}` : '/register', {
      replace: true,
    });
  }, [room, user, loading, navigate]);

  return (
    <StatusPanel title="Processing Invitation">
      <Loader role="status" aria-label="Processing invitation" />
    </StatusPanel>
  );
}
