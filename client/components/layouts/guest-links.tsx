import { Link } from 'react-router';
import { Button, Group, Menu } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMenu2 } from '@tabler/icons-react';
import { SMALL_SCREEN_QUERY } from '../../config/constants';

/** Login and Register for visitors; one 'Menu' dropdown on small screens (spec point 2). */
export function GuestLinks() {
  const small = useMediaQuery(SMALL_SCREEN_QUERY);

  if (small) {
    return (
      <Menu position="bottom-end" width={160}>
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
        </Menu.Dropdown>
      </Menu>
    );
  }

  return (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to="/login" variant="subtle">
        Login
      </Button>
      <Button component={Link} to="/register">
        Register
      </Button>
    </Group>
  );
}
