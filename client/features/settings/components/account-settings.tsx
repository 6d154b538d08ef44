import { useState, type ReactNode } from 'react';
import { Divider, Stack } from '@mantine/core';
import { FormCard } from '../../../components/ui/form-card';
import { DeleteAccountSection } from './delete-account-section';
import { EmailStatusNotice } from './email-status-notice';
import { ReadSharingSwitch } from './read-sharing-switch';
import { UpdateEmailForm } from './update-email-form';
import { VerifyPasswordForm } from './verify-password-form';

/**
 * The account's preferences, then the settings wizard. The verified password stays in this
 * component's memory only, because the email change must send it again; it is never stored.
 * The preferences need no password and stand above it; the route adds others' (blocked people).
 */
export function AccountSettings({ preferences }: { preferences?: ReactNode }) {
  const [password, setPassword] = useState<string | null>(null);

  return (
    <FormCard title="Account Settings">
      <Stack gap="xl">
        <ReadSharingSwitch />
        {preferences}
        <Divider />
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
      </Stack>
    </FormCard>
  );
}
