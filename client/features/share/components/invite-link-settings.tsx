import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Divider,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
} from '@mantine/core';
import { INVITE_MAX_USES, type InviteLinkResponse } from '../../../../contract/invites';
import { BusyButton } from '../../../components/ui/busy-button';
import { useFilledAfterMount } from '../../../hooks/use-filled-after-mount';
import { errorText } from '../../../lib/api-client';
import { useCreateLimitedLink, useResetInviteLink } from '../api/invite-links';
import { useCopy } from '../hooks/use-copy';
import { CopyLinkField } from './copy-link-field';

const EXPIRY_CHOICES = [
  { value: '', label: 'Never' },
  { value: '1', label: 'In 1 hour' },
  { value: '24', label: 'In 1 day' },
  { value: '168', label: 'In 7 days' },
];

/** "Expires 28 Nov, 21:00 · 5 uses", or nothing for a link without bounds. */
function boundsOf({ expiresAt, maxUses }: InviteLinkResponse): string {
  const parts = [];
  if (expiresAt) {
    const when = new Date(expiresAt).toLocaleString(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    parts.push(`Expires ${when}`);
  }
  if (maxUses) parts.push(`${maxUses} ${maxUses === 1 ? 'use' : 'uses'}`);
  return parts.join(' · ');
}

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
 * runs out. Loaded only when the owner opens the menu.
 */
export default function InviteLinkSettings({ roomId }: { roomId: string }) {
  const reset = useResetInviteLink(roomId);
  const create = useCreateLimitedLink(roomId);
  const [confirming, setConfirming] = useState(false);
  const [expiry, setExpiry] = useState('');
  const [maxUses, setMaxUses] = useState<string | number>('');
  const inputRef = useRef<HTMLInputElement>(null);
  const { copied, copy } = useCopy();
  const askRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  // 'Reset invite link' and the confirmation replace each other, the pressed button gone: the
  // focus moves to the one that takes its place (Cancel, or back to 'Reset invite link' after
  // Cancel or the reset) rather than falling to the page's start, out of the menu.
  useEffect(() => {
    if (confirming) asked.current = true;
    if (asked.current) (confirming ? cancelRef : askRef).current?.focus();
  }, [confirming]);

  const handleCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.mutate({
      ...(expiry ? { expiresInHours: Number(expiry) } : {}),
      ...(typeof maxUses === 'number' ? { maxUses } : {}),
    });
  };
  const failure = reset.error ?? create.error;
  const limited = create.data;

  return (
    <Stack gap="xs" mt="md">
      <Divider label="Invite links" labelPosition="left" />
      {failure && (
        <Alert color="red" role="alert" p="xs">
          {errorText(failure, 'Failed to change the invite link')}
        </Alert>
      )}
      {reset.isSuccess && !confirming && <ResetDoneNotice />}
      {confirming ? (
        <Stack gap={4}>
          <Text size="xs">Anyone holding the current link will no longer be able to join.</Text>
          <Group gap="xs">
            <BusyButton
              size="xs"
              color="red"
              busy={reset.isPending}
              loader
              onClick={() => reset.mutate(undefined, { onSettled: () => setConfirming(false) })}
            >
              Reset link
            </BusyButton>
            <Button
              ref={cancelRef}
              size="xs"
              variant="default"
              onClick={() => setConfirming(false)}
            >
              Cancel
            </Button>
          </Group>
        </Stack>
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
      <form onSubmit={handleCreate}>
        <Group gap="xs" align="flex-end" grow>
          <NativeSelect
            size="xs"
            label="Link expires"
            data={EXPIRY_CHOICES}
            value={expiry}
            onChange={(event) => setExpiry(event.currentTarget.value)}
          />
          <NumberInput
            size="xs"
            label="Max uses"
            placeholder="No limit"
            min={1}
            max={INVITE_MAX_USES}
            allowDecimal={false}
            allowNegative={false}
            value={maxUses}
            onChange={setMaxUses}
          />
        </Group>
        <BusyButton type="submit" size="xs" variant="light" mt="xs" busy={create.isPending} loader>
          Create limited link
        </BusyButton>
      </form>
      {limited && (
        <CopyLinkField
          inputRef={inputRef}
          size="xs"
          label="Limited link"
          description={boundsOf(limited) || 'No limits'}
          link={limited.inviteUrl}
          copyLabel="Copy limited link"
          copied={copied}
          onCopy={() => void copy(limited.inviteUrl, inputRef.current)}
        />
      )}
    </Stack>
  );
}
