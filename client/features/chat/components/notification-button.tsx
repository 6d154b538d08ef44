import { ActionIcon } from '@mantine/core';
import { IconBell, IconBellOff, IconBellRinging } from '@tabler/icons-react';
import type { NotificationState } from '../hooks/use-message-notifications';

interface NotificationButtonProps {
  state: NotificationState;
  onEnable: () => void;
  onDisable: () => void;
}

/** The chat header's bell: asks for notifications (only ever from here), or turns them off. */
export function NotificationButton({ state, onEnable, onDisable }: NotificationButtonProps) {
  if (state === 'unsupported') return null;
  if (state === 'blocked') {
    const why = "Notifications are blocked in this browser's site settings";
    return (
      <ActionIcon variant="subtle" size="lg" disabled aria-label={why} title={why}>
        <IconBellOff size={22} aria-hidden />
      </ActionIcon>
    );
  }
  const on = state === 'on';
  const label = on ? 'Disable notifications' : 'Enable notifications';
  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      aria-label={label}
      title={label}
      onClick={on ? onDisable : onEnable}
    >
      {on ? <IconBellRinging size={22} aria-hidden /> : <IconBell size={22} aria-hidden />}
    </ActionIcon>
  );
}
