import { useEffect } from 'react';
import { Link } from 'react-router';
import { Button, Group, Loader, Text } from '@mantine/core';
import { StatusPanel } from '../../../components/ui/status-panel';
import { errorText } from '../../../lib/api-client';
import { clearPendingInvitation } from '../../../lib/pending-invitation';
import { useInvitePreview } from '../api/get-invite-preview';
import { JoinFailure } from './join-failure';

interface InvitePromptProps {
  roomId: string;
  /** The invite link's code, for a room whose owner turned invite links on. */
  invite?: string;
  nickname: string;
  onAccept: () => void;
}

/**
 * Every invitation, wherever it came from (a link on another site, a typed address, the one
 * an invitation's sign-in brings back): it names the room and its owner, and joins only when
 * the person says so. Any page can send a visitor to these addresses.
 */
export function InvitePrompt({ roomId, invite, nickname, onAccept }: InvitePromptProps) {
  const query = useInvitePreview(roomId, invite);
  // A dead invitation, or one to a room that banned the person, is dropped.
  const dead = query.isError || query.data?.banned === true;

  useEffect(() => {
    if (dead) clearPendingInvitation();
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
      {preview.owner && (
        <Text size="sm">
          Owner: <strong>{preview.owner}</strong>
        </Text>
      )}
      <Text size="sm" c="dimmed">
        You will join as {nickname}. The room&apos;s owner will see your email address.
      </Text>
      <Group justify="center">
        <Button onClick={onAccept}>Join</Button>
        <Button component={Link} to="/" variant="default" onClick={clearPendingInvitation}>
          Not now
        </Button>
      </Group>
    </StatusPanel>
  );
}
