import { useState } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Member, MembersResponse } from '../../../../contract/rooms';
import { errorText } from '../../../lib/api-client';
import { kickMember } from '../api/kick-member';
import { CHAT_MODERATOR, isModeratorNickname } from '../../../../contract/rooms';

interface ModerationPanelProps {
  roomId: string;
  members: MembersResponse;
  currentUserId: string;
  isAdmin: boolean;
  /** Re-fetches the members, after a kick. */
  onChanged: () => void;
}

const memberId = (member: Member) => member.userId.id || member.userId._id;

/** The owner's or an administrator's list of members, each with a Kick button where allowed. */
export function ModerationPanel(props: ModerationPanelProps) {
  const { roomId, members, currentUserId, isAdmin, onChanged } = props;
  const [kicking, setKicking] = useState<string | null>(null);

  // Spec points 5 and 6: never yourself, never a moderator, and never the room's creator
  // (the owner is the creator; an administrator may not remove them).
  const canKick = (member: Member) =>
    memberId(member) !== currentUserId &&
    memberId(member) !== members.roomCreator &&
    !isModeratorNickname(member.activeNickname);

  const kick = async (member: Member) => {
    const id = memberId(member);
    setKicking(id);
    try {
      const answer = await kickMember(roomId, id);
      notifications.show({
        color: 'green',
        message: answer.message || `User ${id} kicked successfully.`,
      });
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error, 'Failed to kick user') });
    } finally {
      setKicking(null);
      onChanged();
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="moderation-title">
      <Title order={3} size="h4" mb="sm" id="moderation-title">
        {isAdmin ? 'Moderator Mode' : 'Moderation'}
      </Title>
      {members.members.length === 0 ? (
        <Text c="dimmed">No members to kick</Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {members.members.map((member) => (
            <Group key={member._id} component="li" justify="space-between" wrap="nowrap">
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {member.activeNickname}{' '}
                {member.activeNickname === CHAT_MODERATOR ? (
                  <Badge size="sm">Mod</Badge>
                ) : (
                  `(${member.userId.email || memberId(member)})`
                )}
              </Text>
              {canKick(member) && (
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  aria-label={`Kick ${member.activeNickname}`}
                  loading={kicking === memberId(member)}
                  onClick={() => void kick(member)}
                >
                  Kick
                </Button>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
