import { Button, Group } from '@mantine/core';
import { StatusPanel } from '../ui/status-panel';

/**
 * The errorElement of the layout itself (its top bar or footer failed): nothing of the frame
 * can be trusted, so both ways on load the page again from the server.
 */
export function AppError() {
  return (
    <StatusPanel
      title="Something went wrong"
      text={
        <span role="alert">The app could not be shown. Reload it, or return to the home page.</span>
      }
    >
      <Group justify="center">
        <Button variant="default" onClick={() => window.location.reload()}>
          Reload
        </Button>
        <Button component="a" href="/">
          Return To Home
        </Button>
      </Group>
    </StatusPanel>
  );
}
