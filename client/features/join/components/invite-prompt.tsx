import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button, Group, Loader, Text } from '@mantine/core';
import { StatusPanel } from '../../../components/ui/status-panel';
import { errorText } from '../../../lib/api-client';
import { removeStored, storageKeys } from '../../../lib/storage';
import { useInvitePreview } from '../api/get-invite-preview';
import { JoinFailure } from './join-failure';

interface InvitePromptProps {
  roomId: string;
  nickname: string;
  onAccept: () => void;
}

/**
 * An invitation that did not come from the app's own flow (a link on another site, a typed
 * address): it names the room and joins only when the person says so.
 */
export function InvitePrompt({ roomId, nickname, onAccept }: InvitePromptProps) {
  const query = useInvitePreview(roomId);
  // A dead invitation, or one to a room that banned the person, must not bring them back
  // here after every login.
  const dead = query.isError || query.data?.banned === true;

  useEffect(() => {
    if (dead) removeStored(storageKeys.pendingRoomJoin);
  }, [dead]);

  if (query.isPending) {
    return (
      <StatusPanel title="Invitation" text="Looking up the room...">
        <Loader role="status" aria-label="Looking up the room" />
      </StatusPanel>
    );
  }
  if (query.isError) {
    return <JoinFailure message={errorText(query.error, 'Failed to join the room')} />;
  }
  const preview = query.data;
  if (preview.banned) return <JoinFailure message="You have been banned from this room" />;

  return (
    <StatusPanel title={`Join "${preview.name}"?`}>
      <Text>
        {preview.isMember
          ? `You are already a member of "${preview.name}".`
          : `You have been invited to the room "${preview.name}".`}
      </Text>
      <Text size="sm" c="dimmed">
        You will join as {nickname}. The room&apos;s owner will see your email address.
      </Text>
      <Group justify="center">
        <Button onClick={onAccept}>Join</Button>
        <Button
          component={Link}
          to="/"
          variant="default"
          onClick={() => removeStored(storageKeys.pendingRoomJoin)}
        >
          Not now
        </Button>
      </Group>
    </StatusPanel>
  );
}
