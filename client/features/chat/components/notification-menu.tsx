import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Menu, VisuallyHidden } from '@mantine/core';
import { IconBell, IconBellOff, IconBellPlus, IconBellRinging } from '@tabler/icons-react';
import {
  NOTIFICATION_LEVELS,
  notificationLevelLabels,
  type NotificationLevel,
} from '../../../../contract/notifications';
import type { NotificationPermissionState } from '../hooks/use-message-notifications';

interface NotificationMenuProps {
  /** The level in force in this room (undefined until the server has said). */
  level: NotificationLevel | undefined;
  /** The person chose it; otherwise the room's size did, and the menu says '(default)'. */
  chosen: boolean;
  onChoose: (level: NotificationLevel) => void;
  permission: NotificationPermissionState;
  /** Allowed, but this browser could not subscribe to push (no Push API, a private window). */
  pushUnavailable?: boolean;
  /** Asks the browser's permission: the one place the app ever does. */
  onAllow: () => void;
}

const levelIcons = { all: IconBellRinging, mentions: IconBell, off: IconBellOff };

/** What the menu says of this browser's permission, when it is not simply granted. */
const permissionNotes: Partial<Record<NotificationPermissionState, string>> = {
  denied: "Notifications are blocked in this browser's site settings",
  unsupported: 'This browser cannot show notifications',
};
const pushUnavailableNote =
  'Notifications show only while the app is open: this browser cannot get them when it is closed';

/**
 * The chat header's bell: the person's notification level in this room (kept by the server,
 * so it holds in every browser and for push), and this browser's permission, asked from here
 * only. The level works without the permission too: it also decides what push brings to the
 * person's other devices. The menu stays open while the browser answers the permission's
 * question, so that a refusal, or a browser that cannot take pushes, is said there and then.
 */
export function NotificationMenu(props: NotificationMenuProps) {
  const { level, chosen, onChoose, permission, pushUnavailable = false, onAllow } = props;
  const Icon = levelIcons[level ?? 'all'];
  const label = level ? `Notifications: ${notificationLevelLabels[level]}` : 'Notifications';
  const note =
    permission === 'granted' && pushUnavailable ? pushUnavailableNote : permissionNotes[permission];
  const dropdown = useRef<HTMLDivElement>(null);
  const [asked, setAsked] = useState(false);

  // The answer removes 'Allow notifications', which had the focus: it goes to the level in
  // force, so the open menu still answers the keyboard.
  useEffect(() => {
    const menu = dropdown.current;
    if (!menu || document.activeElement !== document.body) return;
    const levels = menu.querySelectorAll<HTMLElement>('[role="menuitemradio"]');
    const checked = [...levels].find((item) => item.getAttribute('aria-checked') === 'true');
    (checked ?? levels[0])?.focus();
  }, [permission]);

  return (
    <>
      {/* Beside the menu (axe allows no live region inside role=menu), and there with the bell,
          so a note that comes with the browser's answer is read out. */}
      <VisuallyHidden aria-live="polite">{asked && note}</VisuallyHidden>
      {/* No focus placeholder: a bare element inside role=menu is not a menu item (axe). */}
      <Menu position="bottom-end" shadow="md" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={label} title={label}>
            <Icon size={22} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown ref={dropdown}>
          <Menu.Label>Notify me in this room about</Menu.Label>
          <Menu.RadioGroup
            value={level ?? null}
            onChange={(value) => onChoose(value as NotificationLevel)}
          >
            {NOTIFICATION_LEVELS.map((option) => (
              <Menu.RadioItem
                key={option}
                value={option}
                closeMenuOnClick
                rightSection={option === level && !chosen ? '(default)' : undefined}
              >
                {notificationLevelLabels[option]}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
          {permission === 'default' && (
            <>
              <Menu.Divider />
              <Menu.Item
                leftSection={<IconBellPlus size={16} aria-hidden />}
                closeMenuOnClick={false}
                onClick={() => {
                  setAsked(true);
                  onAllow();
                }}
              >
                Allow notifications in this browser
              </Menu.Item>
            </>
          )}
          {note && (
            <>
              <Menu.Divider />
              <Menu.Label maw={280}>{note}</Menu.Label>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
