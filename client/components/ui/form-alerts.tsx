import { Alert } from '@mantine/core';

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
