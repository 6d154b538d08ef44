import { Alert, Stack, Text } from '@mantine/core';
import { isReleasedEmail } from '../../../../contract/email-verification';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormSuccess, RequestError } from '../../../components/ui/form-alerts';
import { useFilledAfterMount } from '../../../hooks/use-filled-after-mount';
import { useEmailStatus, useResendVerification } from '../api/email-status';

/** An address is one long word: it breaks anywhere rather than run off a phone's screen. */
const ADDRESS_STYLE = { overflowWrap: 'anywhere' } as const;

/** A status region that appears empty, then takes its words (useFilledAfterMount says why). */
function PendingEmailNotice({ pendingEmail }: { pendingEmail: string }) {
  const text = useFilledAfterMount(
    `Check your new address, ${pendingEmail}: your email changes once you open the link we sent there.`,
  );
  return (
    <Text size="sm" role="status" style={ADDRESS_STYLE}>
      {text}
    </Text>
  );
}

/**
 * Where the account's address stands: not yet proved (with a way to have the link sent again),
 * taken back by its owner, or about to change once the link mailed to the new one is opened.
 * Nothing is shown for a proved address with no change waiting.
 */
export function EmailStatusNotice() {
  const status = useEmailStatus();
  const resend = useResendVerification();
  if (!status.data) return null;
  const { email, emailVerified, pendingEmail } = status.data;

  return (
    <Stack gap="xs">
      {isReleasedEmail(email) ? (
        <Alert color="yellow" title="This account has no email address">
          The owner of the address this account used proved it was theirs, so it was removed. Choose
          a new email address below.
        </Alert>
      ) : (
        !emailVerified && (
          <Alert color="yellow" title="Your email address is not verified">
            <Stack gap="xs" align="flex-start">
              <Text size="sm" style={ADDRESS_STYLE}>
                Open the link we mailed to {email} to confirm that it is yours. Until then, someone
                who proves they own it can take it over.
              </Text>
              <BusyButton
                size="xs"
                variant="light"
                busy={resend.isPending}
                loader
                onClick={() => resend.mutate()}
              >
                Send a new link
              </BusyButton>
            </Stack>
          </Alert>
        )
      )}
      <FormSuccess message={resend.data} />
      <RequestError request={resend} fallback="Failed to send a new link" />
      {pendingEmail && <PendingEmailNotice pendingEmail={pendingEmail} />}
    </Stack>
  );
}
