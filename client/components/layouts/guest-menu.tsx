import { Link } from 'react-router';
import { Button, Menu } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import { ColorSchemeMenuItem } from './color-scheme-menu-item';

/**
 * Login, Register and the colour scheme folded into one dropdown, for small screens. It is
 * loaded when first asked for (guest-links.tsx), so it opens at once when `defaultOpened`.
 */
export default function GuestMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  return (
    <Menu position="bottom-end" width={160} defaultOpened={defaultOpened}>
      <Menu.Target>
        <Button variant="subtle" leftSection={<IconMenu2 size={18} aria-hidden />}>
          Menu
        </Button>
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
