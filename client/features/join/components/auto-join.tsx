import { useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button, List, Loader, Text } from '@mantine/core';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useSession } from '../../../lib/session/use-session';
import { useJoinRoom } from '../hooks/use-join-room';
import { pickNickname } from '../utils/pick-nickname';
import { NicknameConflictPanel } from './nickname-conflict-panel';

/**
 * /auto-join?room= (spec point 4): joins the invited room under the person's usual nickname,
 * right after login or straight from an invitation. The route's guard sends visitors to /login.
 */
export function AutoJoin() {
  const { user } = useSession();
  const navigate = useNavigate();
  const room = useSearchParams()[0].get('room');
  const { join, joining, error, conflict, dismiss } = useJoinRoom();
  const nickname = user ? pickNickname(user) : '';
  const attempted = useRef(false);

  useEffect(() => {
    if (!room || !user || attempted.current) return;
    attempted.current = true;
    void join({ roomId: room, activeNickname: nickname });
  }, [room, user, nickname, join]);

  if (!room) return <Navigate to="/" replace />;

  if (conflict) {
    return (
      <StatusPanel title="Nickname Conflict">
        <NicknameConflictPanel
          message={conflict.message}
          nickname={nickname}
          submitting={joining}
          onRetry={(chosen) =>
            void join({ roomId: conflict.roomId || room, activeNickname: chosen })
          }
          onCancel={() => {
            dismiss();
            navigate('/');
          }}
        />
      </StatusPanel>
    );
  }

  if (error) {
    return (
      <StatusPanel title="Error Joining Room" text={error}>
        <Text>This could be because:</Text>
        <List ta="left">
          <List.Item>The room no longer exists</List.Item>
          <List.Item>You don&apos;t have permission to join</List.Item>
          <List.Item>There was a connection issue</List.Item>
        </List>
        <Button component={Link} to="/">
          Go to Home
        </Button>
      </StatusPanel>
    );
  }

  return (
    <StatusPanel title="Joining Room" text="Setting up your room...">
      <Loader role="status" aria-label="Joining room" />
    </StatusPanel>
  );
}
