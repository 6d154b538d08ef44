import { useState } from 'react';
import { Divider, Stack } from '@mantine/core';
import { FormCard } from '../../../components/ui/form-card';
import { DeleteAccountSection } from './delete-account-section';
import { EmailStatusNotice } from './email-status-notice';
import { UpdateEmailForm } from './update-email-form';
import { VerifyPasswordForm } from './verify-password-form';

/**
 * The settings wizard. The verified password stays in this component's memory only, because
 * the email change must send it again; it is never stored.
 */
export function AccountSettings() {
  const [password, setPassword] = useState<string | null>(null);

  return (
    <FormCard title="Account Settings">
      {password === null ? (
        <VerifyPasswordForm onVerified={setPassword} />
      ) : (
        <Stack gap="xl">
          <EmailStatusNotice />
          <UpdateEmailForm currentPassword={password} />
          <Divider />
          <DeleteAccountSection />
        </Stack>
      )}
    </FormCard>
  );
}
