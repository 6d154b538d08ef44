import { useRef } from 'react';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Member, MembersResponse } from '../../../../contract/rooms';
import { BusyButton } from '../../../components/ui/busy-button';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { useKickMember } from '../api/kick-member';
import { usePersonActions } from '../../../lib/person-actions';
import { BannedList } from './banned-list';
import { ListSearchInput } from './list-search-input';
import { MakeOwnerButton } from './make-owner-button';
import { RoomSettings } from './room-settings';
import { useSearchShown } from './use-list-search';
import { UnverifiedBadge } from './unverified-badge';
import { CHAT_MODERATOR, isModeratorNickname } from '../../../../contract/rooms';
import { showRequestError } from '../../../components/ui/request-error-toast';

interface ModerationPanelProps {
  roomId: string;
  /** The members loaded so far: every page's, after the first's `nextAfter`. */
  members: MembersResponse;
  currentUserId: string;
  isAdmin: boolean;
  /** What the owner typed to find someone; the server matches it (the drawer debounces it). */
  search?: { value: string; onChange: (value: string) => void };
  /** The next page of a big room's members. */
  more?: { hasMore: boolean; loading: boolean; onLoadMore: () => void };
}

const memberId = (member: Member) => member.userId.id || member.userId._id;

/**
 * The owner's or an administrator's list of members, each with a Kick button where allowed, and
 * of the people kicked (banned), each with an Unban button. A room with more members than one
 * answer holds gets 'Load more members' and a search box (the Removed list has its own).
 */
export function ModerationPanel(props: ModerationPanelProps) {
  const { roomId, members, currentUserId, isAdmin, search, more } = props;
  const searching = Boolean(search?.value.trim());
  const searchShown = useSearchShown(members.nextAfter !== undefined);
  const searchable = search && searchShown;
  const kick = useKickMember();
  // 'Message privately', composed in by the route.
  const personActions = usePersonActions();
  const kicking = kick.isPending ? kick.variables.targetUserId : null;
  const panelRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // A kick or an unban takes its button away (the person moves to the other list): the focus
  // goes to the panel's title rather than falling back to the page's start with the button.
  const keepFocus = () => {
    const active = document.activeElement;
    if (!active || active === document.body || panelRef.current?.contains(active)) {
      titleRef.current?.focus();
    }
  };

  // Spec points 5 and 6: never yourself, never a moderator (an administrator, under whatever
  // nickname), and never the room's creator (the owner is the creator; an administrator may
  // not remove them).
  const canKick = (member: Member) =>
    memberId(member) !== currentUserId &&
    memberId(member) !== members.roomCreator &&
    member.moderator !== true &&
    !isModeratorNickname(member.activeNickname);

  const kickOut = (member: Member) =>
    kick.mutate(
      { roomId, targetUserId: memberId(member) },
      {
        onSuccess: (answer) => {
          notifications.show({
            color: 'green',
            message: answer.message || `User ${member.activeNickname} kicked successfully.`,
          });
          keepFocus();
        },
        onError: (error) => showRequestError(error, 'Failed to kick user'),
      },
    );

  return (
    <Paper ref={panelRef} withBorder p="md" component="section" aria-labelledby="moderation-title">
      <Title order={3} size="h4" mb="sm" id="moderation-title" ref={titleRef} tabIndex={-1}>
        {isAdmin ? 'Moderator Mode' : 'Moderation'}
      </Title>
      <RoomSettings
        roomId={roomId}
        currentUserId={currentUserId}
        isOwner={members.isOwner}
        isAdmin={isAdmin}
      />
      {searchable && (
        <ListSearchInput label="Find a member" value={search.value} onChange={search.onChange} />
      )}
      {searching && members.members.length === 0 ? (
        <Text c="dimmed">No matching members</Text>
      ) : (
        // Only you, moderators and the creator: nobody here can be kicked.
        !members.members.some(canKick) &&
        !more?.hasMore && (
          <Text c="dimmed" mb={members.members.length > 0 ? 'xs' : 0}>
            No members to kick
          </Text>
        )
      )}
      {members.members.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {members.members.map((member) => (
            // The buttons go under the name when both do not fit (a phone's drawer): squeezed
            // beside it, the name broke after every few letters and Kick left the screen.
            <Group key={member._id} component="li" justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" style={{ wordBreak: 'break-word', flex: '1 1 12rem', minWidth: 0 }}>
                {member.activeNickname}{' '}
                {member.activeNickname === CHAT_MODERATOR ? (
                  <Badge size="sm">Mod</Badge>
                ) : (
                  `(${member.userId.email || memberId(member)})`
                )}
                {member.userId.emailVerified === false && <UnverifiedBadge />}
              </Text>
              <Group gap={4} wrap="wrap" justify="flex-end" ml="auto">
                {memberId(member) !== currentUserId && personActions(roomId, member.activeNickname)}
                {/* Never on the owner's row, your own, nor an administrator's 'Mod' one. */}
                {memberId(member) !== currentUserId &&
                  memberId(member) !== members.roomCreator &&
                  !isModeratorNickname(member.activeNickname) && (
                    <MakeOwnerButton
                      roomId={roomId}
                      userId={memberId(member)}
                      nickname={member.activeNickname}
                      isAdmin={isAdmin}
                    />
                  )}
                {canKick(member) && (
                  <BusyButton
                    size="xs"
                    color="red"
                    variant="light"
                    aria-label={`Kick ${member.activeNickname}`}
                    busy={kicking === memberId(member)}
                    loader
                    onClick={() => kickOut(member)}
                  >
                    Kick
                  </BusyButton>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      {more && (
        // Kept while empty: the button hands its focus on when the last page takes it away.
        <Group mt={more.hasMore ? 'xs' : 0}>
          <LoadMoreButton
            label="Load more members"
            hasMore={more.hasMore}
            loading={more.loading}
            onLoadMore={more.onLoadMore}
            focusWhenDone={titleRef}
          />
        </Group>
      )}
      <BannedList roomId={roomId} onLifted={keepFocus} />
    </Paper>
  );
}
