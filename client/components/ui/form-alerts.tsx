import { Alert } from '@mantine/core';
import { useFilledAfterMount } from '../../hooks/use-filled-after-mount';
import { errorText } from '../../lib/api-client';

interface FormAlertProps {
  /** Nothing is shown without one. */
  message: string | null | undefined;
}

function FormAlert({ message, color, role }: FormAlertProps & { color: string; role: string }) {
  if (!message) return null;
  return (
    <Alert color={color} role={role}>
      {message}
    </Alert>
  );
}

/**
 * A notice in a status region, which screen readers say without interrupting. Its words come a
 * moment after it appears (useFilledAfterMount), and the box shows with them, never empty.
 */
export function StatusAlert({ message, color }: { message: string; color: string }) {
  const text = useFilledAfterMount(message);
  return (
    <Alert color={color} role="status" style={text ? undefined : { opacity: 0 }}>
      {text}
    </Alert>
  );
}

/** A form's good news, or a notice handed over by the page before. */
export function FormSuccess({ message }: FormAlertProps) {
  return message ? <StatusAlert message={message} color="green" /> : null;
}

/** Why a form's request failed: an alert, which screen readers say at once. */
export function FormError({ message }: FormAlertProps) {
  return <FormAlert message={message} color="red" role="alert" />;
}

interface RequestErrorProps {
  /** A query or mutation: nothing is shown until it has failed. */
  request: { isError: boolean; error: unknown };
  /** Said when the server gave no reason of its own. */
  fallback: string;
}

/** A failed request's FormError: the server's reason, else the fallback. */
export function RequestError({ request, fallback }: RequestErrorProps) {
  return <FormError message={request.isError ? errorText(request.error, fallback) : null} />;
}
