import { useState } from 'react';
import { Button, Group, Modal, Text, Title } from '@mantine/core';
import { DeleteAccountDialog } from './delete-account-dialog';

type Dialog = 'none' | 'confirm' | 'password';

/** Deletion goes through two dialogs (spec point 4): 'Are you sure?', then the password. */
export function DeleteAccountSection() {
  const [dialog, setDialog] = useState<Dialog>('none');
  const close = () => setDialog('none');

  return (
    <section aria-labelledby="delete-account-title">
      <Title order={2} size="h3" id="delete-account-title" mb="xs">
        Delete Account
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Permanently remove your account and everything in it.
      </Text>
      <Button color="red" variant="outline" onClick={() => setDialog('confirm')}>
        Delete Account
      </Button>

      <Modal
        opened={dialog === 'confirm'}
        onClose={close}
        title="Are you sure?"
        centered
        // An icon-only button: the label is what a screen reader announces.
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text mb="lg">
          This action cannot be undone. All your data will be permanently deleted.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={() => setDialog('password')}>
            Continue
          </Button>
        </Group>
      </Modal>

      <DeleteAccountDialog opened={dialog === 'password'} onClose={close} />
    </section>
  );
}
