import { Alert } from '@mantine/core';
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

/** A form's good news or a notice: a status, which screen readers say without interrupting. */
export function FormSuccess({ message }: FormAlertProps) {
  return <FormAlert message={message} color="green" role="status" />;
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
