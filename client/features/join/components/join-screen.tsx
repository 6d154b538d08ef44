import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Anchor, Code, Stack, Text, TextInput } from '@mantine/core';
import { INVITE_PARAM } from '../../../../contract/invites';
import { ROOM_NAME_MAX, roomMessages } from '../../../../contract/rooms';
import { FormError, StatusAlert } from '../../../components/ui/form-alerts';
import { FormCard } from '../../../components/ui/form-card';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useSession } from '../../../lib/session/use-session';
import { readPendingInvitation } from '../../../lib/pending-invitation';
import { useJoinFlow } from '../hooks/use-join-flow';
import { pickNickname } from '../utils/pick-nickname';
import { InvitePrompt } from './invite-prompt';
import { NicknameConflictPanel } from './nickname-conflict-panel';

function noticeOf(state: unknown): string | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return typeof notice === 'string' ? notice : null;
}

/**
 * /join (spec point 2, 'Join screen'): names a new room, or joins the room of ?room= or of a
 * waiting invitation. Those first show the invitation's prompt (any site can link here), and
 * the join is attempted at once when the person accepts it.
 */
export function JoinScreen() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const roomParam = params.get('room');
  const [pending] = useState(readPendingInvitation);
  const sharedRoom = roomParam || pending?.room || null;
  const invite = (roomParam ? params.get(INVITE_PARAM) : pending?.invite) ?? undefined;
  const [accepted, setAccepted] = useState(false);
  const [roomName, setRoomName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const { join, joining, error, conflict, dismiss } = useJoinFlow();
  const nickname = user ? pickNickname(user) : '';
  const attempted = useRef(false);
  // Why the person is here, e.g. the room they were in was deleted (the chat says so).
  const notice = noticeOf(useLocation().state);

  useEffect(() => {
    if (!sharedRoom || !user || !accepted || attempted.current) return;
    attempted.current = true;
    void join({ roomId: sharedRoom, invite, activeNickname: nickname });
  }, [sharedRoom, invite, user, nickname, join, accepted]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!sharedRoom && !roomName.trim()) {
      setNameError(roomMessages.roomNameRequired);
      return;
    }
    setNameError(null);
    void join(
      sharedRoom
        ? { roomId: sharedRoom, invite, activeNickname: nickname }
        : { roomName: roomName.trim(), activeNickname: nickname },
    );
  };

  if (sharedRoom && !accepted) {
    return (
      <InvitePrompt
        roomId={sharedRoom}
        invite={invite}
        nickname={nickname}
        onAccept={() => setAccepted(true)}
      />
    );
  }

  return (
    <FormCard title={sharedRoom ? 'Join a Room' : 'Create a Room'}>
      {conflict ? (
        <NicknameConflictPanel
          message={conflict.message}
          nickname={nickname}
          submitting={joining}
          onRetry={(chosen) =>
            void join({ roomId: conflict.roomId, invite, activeNickname: chosen })
          }
          onCancel={dismiss}
        />
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            {notice && !error && <StatusAlert message={notice} color="yellow" />}
            <FormError message={error} />
            {sharedRoom ? (
              <Text>
                Joining shared room: <Code>{sharedRoom}</Code>
              </Text>
            ) : (
              <TextInput
                label="Room Name"
                value={roomName}
                onChange={(event) => {
                  setRoomName(event.currentTarget.value);
                  setNameError(null);
                }}
                error={nameError}
                aria-invalid={nameError ? true : undefined}
                maxLength={ROOM_NAME_MAX}
                withAsterisk
                autoFocus
              />
            )}
            <Text>
              Joining as... <strong>{nickname}</strong>
            </Text>
            <SubmitButton pending={joining} pendingLabel="Joining...">
              Join Room
            </SubmitButton>
            <Anchor component={Link} to="/" size="sm">
              Back to your rooms
            </Anchor>
          </Stack>
        </form>
      )}
    </FormCard>
  );
}
