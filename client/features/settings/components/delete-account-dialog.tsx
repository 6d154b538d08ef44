import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { currentPasswordSchema, firstError } from '../../../../contract/validation';
import { RequestError } from '../../../components/ui/form-alerts';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useField } from '../../../hooks/use-field';
import { useSession } from '../../../lib/session/use-session';
import { clearPendingInvitation } from '../../../lib/pending-invitation';
import { useDeleteAccount } from '../api/delete-account';

interface DeleteAccountDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The second deletion dialog: the password, then the irreversible call. */
export function DeleteAccountDialog({ opened, onClose }: DeleteAccountDialogProps) {
  const { logout } = useSession();
  const navigate = useNavigate();
  const password = useField((value) => firstError(currentPasswordSchema, value));
  const deletion = useDeleteAccount();

  const close = () => {
    password.reset();
    deletion.reset();
    onClose();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password.check()) return;

    deletion.mutate(password.value, {
      onSuccess: () => {
        // Leave the guarded page before the user is cleared, or the settings guard would
        // redirect to /login itself and drop the message. flushSync makes the leaving happen
        // now, instead of in a transition that keeps this page mounted while the login
        // screen's code loads.
        navigate('/login', {
          replace: true,
          flushSync: true,
          state: { message: 'Your account has been deleted successfully' },
        });
        clearPendingInvitation();
        void logout();
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Confirm Deletion"
      centered
      // An icon-only button: the label is what a screen reader announces.
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <RequestError request={deletion} fallback="Failed to delete account" />
          <PasswordInput
            label="Password"
            description="Enter your password to confirm."
            autoComplete="current-password"
            withAsterisk
            data-autofocus
            {...password.inputProps}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={deletion.isPending}>
              Cancel
            </Button>
            <SubmitButton pending={deletion.isPending} pendingLabel="Deleting..." color="red">
              Delete Account
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
