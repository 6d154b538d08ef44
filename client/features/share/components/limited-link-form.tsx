import { useState, type FormEvent } from 'react';
import { Group, NativeSelect, NumberInput } from '@mantine/core';
import { INVITE_MAX_USES, type CreateInviteRequest } from '../../../../contract/invites';
import { BusyButton } from '../../../components/ui/busy-button';
import type { useCreateLimitedLink } from '../api/invite-links';
import { useConfirmFocus } from '../hooks/use-confirm-focus';
import { ConfirmStep } from './confirm-step';

const EXPIRY_CHOICES = [
  { value: '', label: 'Never' },
  { value: '1', label: 'In 1 hour' },
  { value: '24', label: 'In 1 day' },
  { value: '168', label: 'In 7 days' },
];

/** What the owner reads before the first limited link ends the room's plain link. */
export const FIRST_LIMITED_LINK_WARNING =
  "The first limited link replaces the room's invite link. Anyone holding the current link will no longer be able to join.";

interface LimitedLinkFormProps {
  create: ReturnType<typeof useCreateLimitedLink>;
  /**
   * The room id alone still admits (the plain /invite?room= link works), or it is not known
   * yet: the first limited link would end that, so the owner is asked first.
   */
  roomIdAdmits: boolean;
}

/** Makes a link that expires, admits a number of people, or both. */
export function LimitedLinkForm({ create, roomIdAdmits }: LimitedLinkFormProps) {
  const [expiry, setExpiry] = useState('');
  const [maxUses, setMaxUses] = useState<string | number>('');
  const [confirming, setConfirming] = useState(false);
  const { askRef, cancelRef } = useConfirmFocus(confirming);

  const request = (): CreateInviteRequest => ({
    ...(expiry ? { expiresInHours: Number(expiry) } : {}),
    ...(typeof maxUses === 'number' ? { maxUses } : {}),
  });
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (roomIdAdmits) setConfirming(true);
    else create.mutate(request());
  };

  return (
    <form onSubmit={handleSubmit}>
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
      {confirming ? (
        <ConfirmStep
          warning={FIRST_LIMITED_LINK_WARNING}
          confirmLabel="Create link"
          busy={create.isPending}
          onConfirm={() => create.mutate(request(), { onSettled: () => setConfirming(false) })}
          onCancel={() => setConfirming(false)}
          cancelRef={cancelRef}
        />
      ) : (
        <BusyButton
          ref={askRef}
          type="submit"
          size="xs"
          variant="light"
          mt="xs"
          busy={create.isPending}
          loader
        >
          Create limited link
        </BusyButton>
      )}
    </form>
  );
}
