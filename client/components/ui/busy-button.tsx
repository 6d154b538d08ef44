import type { ComponentProps, MouseEvent } from 'react';
import { Button, type ButtonProps } from '@mantine/core';

type NativeProps = Omit<ComponentProps<'button'>, keyof ButtonProps | 'aria-disabled'>;

export interface BusyButtonProps
  extends Omit<ButtonProps, 'loading' | 'data-disabled'>, NativeProps {
  /** Its request is under way: it keeps the focus, reads as unavailable and does nothing. */
  busy: boolean;
  /** Mantine's loader over the label while busy; without it the button looks disabled. */
  loader?: boolean;
}

/**
 * A button that its own request makes busy. It is never `disabled` for that: browsers move the
 * focus of a disabled button to the page's start, so a keyboard or screen reader user pressing
 * it was thrown back to the top. Busy, it says `aria-disabled` and swallows clicks, which also
 * stops a submit button's form (Enter in a field submits by clicking it): one request at a
 * time, as before. `disabled` stays for other reasons (an invalid field, a finished form).
 */
export function BusyButton({
  busy,
  loader = false,
  disabled = false,
  onClick,
  ...props
}: BusyButtonProps) {
  return (
    <Button
      {...props}
      disabled={disabled}
      loading={busy && loader}
      data-disabled={(busy && !loader) || undefined}
      aria-disabled={busy || undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
      // Mantine's `loading` disables its button: the element gets only the caller's `disabled`.
      renderRoot={(root: ComponentProps<'button'>) => <button {...root} disabled={disabled} />}
    />
  );
}
