import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { LinkPreviewResponse } from '../../../../contract/email-verification';
import { FormSuccess, RequestError } from '../../../components/ui/form-alerts';
import { useSession } from '../../../lib/session/use-session';
import { useLinkPreview, useVerifyEmail } from '../api/verify-email';

/** An address can be one long word: it breaks anywhere rather than widen a phone's screen. */
const ADDRESS_STYLE = { overflowWrap: 'anywhere' } as const;

/** What the link does, in the words of its kind; general words when the server did not say. */
function LinkDescription({ preview }: { preview: LinkPreviewResponse | undefined }) {
  const address = preview && (
    <Text span fw={600} style={ADDRESS_STYLE}>
      {preview.email}
    </Text>
  );
  switch (preview?.kind) {
    case 'verify':
      return <Text>This link confirms that {address} is the email address of your account.</Text>;
    case 'change':
      return (
        <Text>
          This link changes the email address of an account to {address}. Confirm only if you asked
          for this change.
        </Text>
      );
    case 'signup':
      return (
        <Text>
          This link finishes creating a new account with {address}. An account that uses this
          address without having confirmed it then loses it. Confirm only if you just signed up.
        </Text>
      );
    default:
      return (
        <Text>
          This link confirms an email address for an account. Confirm only if you asked for it.
        </Text>
      );
  }
}

/**
 * The page a mailed link opens. Opening it uses nothing: mail scanners open links, and some run
 * the page's script, without the person the mail was for. The page says what the link does
 * (read without using it) and the token is sent only when the person confirms, once, however
 * many times the button is pressed.
 */
export function VerifyEmailPanel({ token }: { token: string }) {
  const preview = useLinkPreview(token);
  const verify = useVerifyEmail();
  const { user } = useSession();
  const sent = useRef(false);
  const outcome = useRef<HTMLDivElement>(null);
  const answered = verify.isSuccess || verify.isError;

  // The button that had focus is gone once the server answers: focus moves to what it said.
  useEffect(() => {
    if (answered) outcome.current?.focus();
  }, [answered]);

  const confirm = () => {
    if (sent.current) return;
    sent.current = true;
    verify.mutate({ token });
  };

  if (verify.isIdle) {
    if (preview.isPending) {
      return (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Checking the link...</Text>
        </Group>
      );
    }
    return (
      <Stack>
        <LinkDescription preview={preview.data} />
        <Button onClick={confirm} fullWidth>
          Confirm my email address
        </Button>
      </Stack>
    );
  }

  return (
    <Stack>
      {verify.isPending && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Verifying your email address...</Text>
        </Group>
      )}
      {answered && (
        <Stack ref={outcome} tabIndex={-1} style={{ outline: 'none' }}>
          <FormSuccess message={verify.data} />
          <RequestError request={verify} fallback="Failed to verify your email address" />
          {verify.isError && (
            <Text size="sm" c="dimmed">
              A link works once, for a day. You can ask for a new one in your account settings.
            </Text>
          )}
          <Group>
            {user ? (
              <>
                <Button component={Link} to="/">
                  Go to Home
                </Button>
                <Button component={Link} to="/settings" variant="default">
                  Account Settings
                </Button>
              </>
            ) : (
              <Button component={Link} to="/login">
                Go to Login
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
