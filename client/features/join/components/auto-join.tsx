import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Loader } from '@mantine/core';
import { INVITE_PARAM } from '../../../../contract/invites';
import { StatusPanel } from '../../../components/ui/status-panel';
import { useSession } from '../../../lib/session/use-session';
import { useJoinFlow } from '../hooks/use-join-flow';
import { pickNickname } from '../utils/pick-nickname';
import { InvitePrompt } from './invite-prompt';
import { JoinFailure } from './join-failure';
import { NicknameConflictPanel } from './nickname-conflict-panel';

/**
 * /auto-join?room=[&invite=] (spec point 4): joins the invited room under the person's usual
 * nickname, once they said yes to the invitation's prompt. However they got here (the sign-in
 * an invitation led to, a link on another site, a typed address), it asks first: any page can
 * send a visitor here. The route's guard sends visitors to /login.
 */
export function AutoJoin() {
  const { user } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const room = params.get('room');
  const invite = params.get(INVITE_PARAM) ?? undefined;
  const { join, joining, error, conflict, dismiss } = useJoinFlow();
  const nickname = user ? pickNickname(user) : '';
  const [accepted, setAccepted] = useState(false);
  const attempted = useRef(false);

  useEffect(() => {
    if (!room || !user || !accepted || attempted.current) return;
    attempted.current = true;
    void join({ roomId: room, invite, activeNickname: nickname });
  }, [room, invite, user, nickname, join, accepted]);

  if (!room) return <Navigate to="/" replace />;

  if (!accepted) {
    return (
      <InvitePrompt
        roomId={room}
        invite={invite}
        nickname={nickname}
        onAccept={() => setAccepted(true)}
      />
    );
  }

  if (conflict) {
    return (
      <StatusPanel title="Nickname Conflict">
        <NicknameConflictPanel
          message={conflict.message}
          nickname={nickname}
          submitting={joining}
          onRetry={(chosen) =>
            void join({ roomId: conflict.roomId || room, invite, activeNickname: chosen })
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
