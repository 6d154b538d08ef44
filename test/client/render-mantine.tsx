import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

/**
 * Renders one component inside Mantine's provider, as the app does. `env="test"` turns off
 * transitions and portals, so a test sees a popover's end state at once, inside the component.
 */
export function renderWithMantine(ui: ReactElement) {
  return render(<MantineProvider env="test">{ui}</MantineProvider>);
}
