import type { Ref } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { BusyButton } from '../../../components/ui/busy-button';

interface ConfirmStepProps {
  /** What the step costs, in one sentence or two. */
  warning: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  cancelRef: Ref<HTMLButtonElement>;
}

/** A change to the room's links that others feel, said before it is made: go ahead, or Cancel. */
export function ConfirmStep(props: ConfirmStepProps) {
  const { warning, confirmLabel, busy, onConfirm, onCancel, cancelRef } = props;
  return (
    <Stack gap={4}>
      <Text size="xs">{warning}</Text>
      <Group gap="xs">
        <BusyButton size="xs" color="red" busy={busy} loader onClick={onConfirm}>
          {confirmLabel}
        </BusyButton>
        <Button ref={cancelRef} size="xs" variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
