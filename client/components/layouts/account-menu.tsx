import { Link, useNavigate } from 'react-router';
import { ActionIcon, Button, Menu } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import type { PublicUser } from '../../../contract/user';
import { SMALL_SCREEN_QUERY } from '../../config/constants';
import { useSession } from '../../lib/session/use-session';
import { UserAvatar } from '../ui/user-avatar';
import { ColorSchemeMenuItem } from './color-scheme-menu-item';

/** The signed-in user's dropdown: labelled with the active nickname, else 'My Account'. */
export default function AccountMenu({ user }: { user: PublicUser }) {
  const { logout } = useSession();
  const navigate = useNavigate();
  const small = useMediaQuery(SMALL_SCREEN_QUERY);
  const label = user.activeNickname || 'My Account';

  const handleLogout = async () => {
    await logout();
    navigate('/login');
  };

  return (
    // No focus placeholder: a bare element inside role=menu is not a menu item (axe), and a
    // screen reader said nothing when Enter opened the menu; the first item takes the focus.
    <Menu position="bottom-end" width={200} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        {small ? (
          <ActionIcon variant="subtle" size="lg" radius="xl" aria-label="Account menu">
            <UserAvatar name={label} />
          </ActionIcon>
        ) : (
          <Button
            variant="subtle"
            leftSection={<UserAvatar name={label} />}
            rightSection={<IconChevronDown size={16} aria-hidden />}
          >
            {label}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        {/* On small screens the button shows only the avatar, so the name moves in here. */}
        {small && <Menu.Label>{label}</Menu.Label>}
        <Menu.Item component={Link} to="/settings" leftSection={<IconSettings size={16} />}>
          Settings
        </Menu.Item>
        <ColorSchemeMenuItem />
        <Menu.Item onClick={() => void handleLogout()} leftSection={<IconLogout size={16} />}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
