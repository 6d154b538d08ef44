import { ActionIcon } from '@mantine/core';
import { useColorSchemeToggle } from './use-color-scheme-toggle';

/** The dark mode switch as an icon button, for visitors' top bar on wide screens. */
export function ColorSchemeButton() {
  const { label, Icon, toggle } = useColorSchemeToggle();
  return (
    <ActionIcon variant="subtle" size="lg" aria-label={label} title={label} onClick={toggle}>
      <Icon size={20} aria-hidden />
    </ActionIcon>
  );
}
