import type { ButtonProps } from '@mantine/core';
import { BusyButton } from './busy-button';

interface SubmitButtonProps {
  /** While the request is out the button is busy and says so, so it cannot go twice. */
  pending: boolean;
  pendingLabel: string;
  children: string;
  /** Disabled for another reason too, e.g. once the form has done its work. */
  disabled?: boolean;
  color?: ButtonProps['color'];
}

/** A form's submit button; it keeps the focus while its request is out (BusyButton). */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  disabled = false,
  color,
}: SubmitButtonProps) {
  return (
    <BusyButton type="submit" color={color} busy={pending} disabled={disabled}>
      {pending ? pendingLabel : children}
    </BusyButton>
  );
}
