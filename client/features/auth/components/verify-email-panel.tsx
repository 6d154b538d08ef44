import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { FormSuccess, RequestError } from '../../../components/ui/form-alerts';
import { useSession } from '../../../lib/session/use-session';
import { useVerifyEmail } from '../api/verify-email';

/**
 * The page a mailed link opens. The link is the person's own, so it is used as the page loads:
 * once, even when React mounts the page twice in development.
 */
export function VerifyEmailPanel({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const { user } = useSession();
  const sent = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [token, mutate]);

  return (
    <Stack>
      {verify.isPending && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Verifying your email address...</Text>
        </Group>
      )}
      <FormSuccess message={verify.data} />
      <RequestError request={verify} fallback="Failed to verify your email address" />
      {verify.isError && (
        <Text size="sm" c="dimmed">
          A link works once, for a day. You can ask for a new one in your account settings.
        </Text>
      )}
      {!verify.isPending && (
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
      )}
    </Stack>
  );
}
