import { Button, type ButtonProps } from '@mantine/core';

interface SubmitButtonProps {
  /** While the request is out the button is disabled and says so, so it cannot go twice. */
  pending: boolean;
  pendingLabel: string;
  children: string;
  /** Disabled for another reason too, e.g. once the form has done its work. */
  disabled?: boolean;
  color?: ButtonProps['color'];
}

/** A form's submit button. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  disabled = false,
  color,
}: SubmitButtonProps) {
  return (
    <Button type="submit" color={color} disabled={pending || disabled}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
