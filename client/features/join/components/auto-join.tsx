import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Loader } from '@mantine/core';
import { StatusPanel } from '../../../components/ui/status-panel';
import { isAcceptedJoin } from '../../../lib/join-intent';
import { useSession } from '../../../lib/session/use-session';
import { useJoinFlow } from '../hooks/use-join-flow';
import { pickNickname } from '../utils/pick-nickname';
import { InvitePrompt } from './invite-prompt';
import { JoinFailure } from './join-failure';
import { NicknameConflictPanel } from './nickname-conflict-panel';

/**
 * /auto-join?room= (spec point 4): joins the invited room under the person's usual nickname.
 * Right after the login an invitation led to, it joins at once; reached any other way (a link
 * on another site, a typed address) it first shows the room and asks. The route's guard sends
 * visitors to /login.
 */
export function AutoJoin() {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const room = useSearchParams()[0].get('room');
  const { join, joining, error, conflict, dismiss } = useJoinFlow();
  const nickname = user ? pickNickname(user) : '';
  const [accepted, setAccepted] = useState(() => isAcceptedJoin(location.state));
  const attempted = useRef(false);

  useEffect(() => {
    if (!room || !user || !accepted || attempted.current) return;
    attempted.current = true;
    void join({ roomId: room, activeNickname: nickname });
  }, [room, user, nickname, join, accepted]);

  if (!room) return <Navigate to="/" replace />;

  if (!accepted) {
    return <InvitePrompt roomId={room} nickname={nickname} onAccept={() => setAccepted(true)} />;
  }

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

  if (error) return <JoinFailure message={error} />;

  return (
    <StatusPanel title="Joining Room" text="Setting up your room...">
      <Loader role="status" aria-label="Joining room" />
    </StatusPanel>
  );
}
