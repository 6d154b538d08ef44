import { useRef, useState } from 'react';
import { Button, Group, Modal, Text, Title } from '@mantine/core';
import { DeleteAccountDialog } from './delete-account-dialog';

type Dialog = 'none' | 'confirm' | 'password';

/** Deletion goes through two dialogs (spec point 4): 'Are you sure?', then the password. */
export function DeleteAccountSection() {
  const [dialog, setDialog] = useState<Dialog>('none');
  const close = () => setDialog('none');
  const deleteButton = useRef<HTMLButtonElement>(null);
  // The password dialog opened from the first dialog's Continue, which is gone by now: the
  // modal's own focus return would drop the focus on the page's start, so it goes back here.
  const closePasswordDialog = () => {
    close();
    deleteButton.current?.focus();
  };

  return (
    <section aria-labelledby="delete-account-title">
      <Title order={2} size="h3" id="delete-account-title" mb="xs">
        Delete Account
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Permanently remove your account and everything in it.
      </Text>
      <Button ref={deleteButton} color="red" variant="outline" onClick={() => setDialog('confirm')}>
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

      <DeleteAccountDialog opened={dialog === 'password'} onClose={closePasswordDialog} />
    </section>
  );
}
