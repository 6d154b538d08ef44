import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Menu } from '@mantine/core';
import { ColorSchemeMenuItem } from './color-scheme-menu-item';
import { GuestMenuButton } from './guest-menu-button';

/**
 * Login, Register and the colour scheme folded into one dropdown, for small screens. It is
 * loaded when first asked for (guest-links.tsx), and then `openOnMount` opens it at once.
 */
export default function GuestMenu({ openOnMount = false }: { openOnMount?: boolean }) {
  const [opened, setOpened] = useState(false);
  const opensOnFocus = useRef(openOnMount);
  return (
    // No focus placeholder: a bare element inside role=menu is not a menu item (axe); the
    // first item takes the focus.
    <Menu
      position="bottom-end"
      width={160}
      opened={opened}
      onChange={setOpened}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        {/* The button pressed was the one drawn before this loaded, gone now: this one takes the
            focus as it mounts and then opens the menu, so that the menu gives the focus back to
            it when it closes (Mantine remembers the focus only when a menu opens, not mounts). */}
        <GuestMenuButton
          autoFocus={openOnMount}
          onFocus={() => {
            if (!opensOnFocus.current) return;
            opensOnFocus.current = false;
            setOpened(true);
          }}
        />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/login">
          Login
        </Menu.Item>
        <Menu.Item component={Link} to="/register">
          Register
        </Menu.Item>
        <ColorSchemeMenuItem />
      </Menu.Dropdown>
    </Menu>
  );
}
