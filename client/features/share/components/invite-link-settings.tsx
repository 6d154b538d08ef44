import { useState } from 'react';
import { Alert, Button, Divider, Loader, Stack, Text } from '@mantine/core';
import { useFilledAfterMount } from '../../../hooks/use-filled-after-mount';
import { errorText } from '../../../lib/api-client';
import { useCreateLimitedLink, useLimitedLinks, useResetInviteLink } from '../api/invite-links';
import { useConfirmFocus } from '../hooks/use-confirm-focus';
import { ConfirmStep } from './confirm-step';
import { LimitedLinkForm } from './limited-link-form';
import { LimitedLinkList } from './limited-link-list';

/** A status region that appears empty, then takes its words (useFilledAfterMount says why). */
function ResetDoneNotice() {
  const text = useFilledAfterMount(
    'New link ready. Links shared before no longer let anyone new in.',
  );
  return (
    <Text size="xs" c="green" role="status">
      {text}
    </Text>
  );
}

/**
 * The owner's part of the share menu: reset the room's link (every link given out before
 * admits no one new, a kicked person's new account included), or make one that expires or
 * runs out, and copy again the ones made before. Loaded only when the owner opens the menu.
 */
export default function InviteLinkSettings({ roomId }: { roomId: string }) {
  const reset = useResetInviteLink(roomId);
  const create = useCreateLimitedLink(roomId);
  const limited = useLimitedLinks(roomId);
  const [confirming, setConfirming] = useState(false);
  const { askRef, cancelRef } = useConfirmFocus(confirming);
  const failure = reset.error ?? create.error;

  return (
    <Stack gap="xs" mt="md">
      <Divider label="Invite links" labelPosition="left" />
      {failure && (
        <Alert color="red" role="alert" p="xs">
          {errorText(failure, 'Failed to change the invite link')}
        </Alert>
      )}
      {limited.error && (
        <Alert color="red" role="alert" p="xs">
          {errorText(limited.error, 'Failed to load the limited links')}
        </Alert>
      )}
      {reset.isSuccess && !confirming && <ResetDoneNotice />}
      {confirming ? (
        <ConfirmStep
          warning="Anyone holding the current link will no longer be able to join."
          confirmLabel="Reset link"
          busy={reset.isPending}
          onConfirm={() => reset.mutate(undefined, { onSettled: () => setConfirming(false) })}
          onCancel={() => setConfirming(false)}
          cancelRef={cancelRef}
        />
      ) : (
        <Button
          ref={askRef}
          size="xs"
          variant="light"
          color="red"
          onClick={() => setConfirming(true)}
        >
          Reset invite link
        </Button>
      )}
      {limited.isPending ? (
        <Loader size="xs" role="status" aria-label="Loading limited links" />
      ) : (
        <>
          {/* Unknown if the list failed: asked then too, as a needless question costs little. */}
          <LimitedLinkForm create={create} roomIdAdmits={limited.data?.roomIdAdmits !== false} />
          <LimitedLinkList links={limited.data?.links ?? []} />
        </>
      )}
    </Stack>
  );
}
