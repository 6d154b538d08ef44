import { Menu } from '@mantine/core';
import { useColorSchemeToggle } from './use-color-scheme-toggle';

/** The account and guest menus' item: 'Dark mode' or 'Light mode', whichever is not on. */
export function ColorSchemeMenuItem() {
  const { label, Icon, toggle } = useColorSchemeToggle();
  return (
    <Menu.Item onClick={toggle} leftSection={<Icon size={16} aria-hidden />}>
      {label}
    </Menu.Item>
  );
}
